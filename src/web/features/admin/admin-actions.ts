import type { ComponentType } from 'react';
import { rolesOf } from '../../../contract/endpoint';
import { endpoints, type EndpointName } from '../../../contract/endpoints';
import type { Role } from '../../../contract/roles';
import { AuditLog } from './corrections/audit-log';
import { PeriodLocks } from './corrections/period-locks';
import { OutboxPanel } from './outbox/outbox-panel';
import { UpdatesPanel } from './updates/updates-panel';
import { PropertyNotesForm } from './corrections/property-notes-form';
import { CashWithdrawals, DeleteLlcTransaction, DeletePropertyTransaction } from './corrections/txn-viewers';
import { ManageLlcs } from './people-and-setup/manage-llcs';
import { ManageLorens } from './people-and-setup/manage-lorens';
import { ManagePortalUsers } from './people-and-setup/manage-portal-users';
import {
  AddExpenseCategoryForm, AddIncomeCategoryForm, AddInvestmentPropertyForm, AddInvestorForm, ChangeInvestorFeeForm,
} from './people-and-setup/setup-forms';
import {
  AddIncomeForm, AddInvestmentForm, AddInvestorPropertyExpenseForm, AddLandContractPaymentForm, AddLlcExpenseForm,
  AddLorenIncomeForm, AddPropertyExpenseForm, AddRentalDepositForm,
} from './recording/money-forms';
import { WithdrawSwitcher } from './recording/withdraw-switcher';
import { DistributionsPanel } from './distributions/distributions-panel';
import { AdminSummary } from './reports/admin-summary';
import { InvestorStatements } from './reports/investor-statements';
import { LedgerExport } from './reports/ledger-export';
import { LlcTaxes } from './reports/llc-taxes';
import { PropertyDetails } from './reports/property-details';
import { DocumentsPanel } from './documents/documents-panel';
import { K1sPanel } from './k1s/k1s-panel';
import { BankAccountsPanel } from './bank-accounts/bank-accounts-panel';
import { CapitalCallsPanel } from './capital-calls/capital-calls-panel';
import { BankImportPanel } from './bank-import/bank-import-panel';
import { LandContractsPanel } from './land-contracts/land-contracts-panel';
import { slugOf } from './shared/action-address';
import type { AdminFormProps } from './shared/fields';

/** The four kinds of admin work, in the order the menu shows them; each names a folder of this feature. */
export const ADMIN_GROUPS = ['Reports', 'Recording', 'Corrections', 'People and setup'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

type ActionSpec = {
  title: string;
  group: AdminGroup;
  /** What the page shows for the action. */
  panel: ComponentType<AdminFormProps>;
  /** A panel of tables uses the page's full width; a form keeps a readable line length. */
  wide?: boolean;
  /** An action about one property's record, where its picture can be uploaded too. */
  picture?: boolean;
  /** Words an admin may type to find it that its title does not say ("rent", "payout", "void"). */
  keywords: readonly string[];
  /**
   * The calls its panel cannot work without, by endpoint-table key: the action is offered to a role only
   * when the table lets that role make every one of them (actionsForRole). The table holds the roles; the
   * web never lists them again.
   */
  needs: readonly EndpointName[];
};

/**
 * The admin actions: the entries of "Select Admin Action:" in the spec's order, then this product's
 * extensions. The dropdown, the side menu, the phone's sheet and the page's panel all read this one list.
 */
const ENTRIES = [
  { title: 'Admin Summary', group: 'Reports', panel: AdminSummary, wide: true,
    needs: ['adminSummary'],
    keywords: ['overview', 'investors', 'totals', 'dashboard', 'balances', 'cash owed', 'home'] },
  { title: 'Property Details', group: 'Reports', panel: PropertyDetails, wide: true,
    needs: ['propertyDetails'],
    keywords: ['property history', 'income history', 'expenses', 'deposits', 'building', 'house'] },
  { title: 'Add New Income', group: 'Recording', panel: AddIncomeForm,
    needs: ['recordPropertyIncome'],
    keywords: ['rent', 'rental income', 'late fee', 'revenue', 'receipt', 'payment received', 'record income'] },
  { title: 'Add New Loren Income', group: 'Recording', panel: AddLorenIncomeForm,
    needs: ['recordLorenIncome'],
    keywords: ['loren', 'lease', 'billboard', 'period', 'partner income'] },
  { title: 'Add New Land Contract Payment', group: 'Recording', panel: AddLandContractPaymentForm,
    needs: ['recordLcPayment'],
    keywords: ['land contract', 'installment', 'buyer payment', 'lc'] },
  { title: 'Add New Property Expense', group: 'Recording', panel: AddPropertyExpenseForm,
    needs: ['recordPropertyExpense'],
    keywords: ['repair', 'bill', 'utilities', 'maintenance', 'cost', 'spend', 'property tax'] },
  { title: 'Add New Investor Property Expense', group: 'Recording', panel: AddInvestorPropertyExpenseForm,
    needs: ['recordInvestorPropertyExpense'],
    keywords: ['charge investor', 'expense charged', 'bill investor', 'cost'] },
  { title: 'Delete Property Transaction', group: 'Corrections', panel: DeletePropertyTransaction, wide: true,
    needs: ['propertyTxns'],
    keywords: ['void', 'delete', 'correct', 'fix', 'mistake', 'undo', 'property transactions', 'entries'] },
  { title: 'Delete LLC Transaction', group: 'Corrections', panel: DeleteLlcTransaction, wide: true,
    needs: ['llcTxns'],
    keywords: ['void', 'delete', 'correct', 'fix', 'mistake', 'undo', 'llc transactions', 'entries'] },
  { title: 'Update Property Notes', group: 'Corrections', panel: PropertyNotesForm, picture: true,
    needs: ['getPropertyNotes', 'setPropertyNotes'],
    keywords: ['notes', 'edit property', 'comment', 'picture', 'photo'] },
  { title: 'Add Expense Category', group: 'People and setup', panel: AddExpenseCategoryForm,
    needs: ['addExpenseCategory'],
    keywords: ['category', 'expense type', 'setup'] },
  { title: 'Add New Investor', group: 'People and setup', panel: AddInvestorForm,
    needs: ['addInvestor'],
    keywords: ['investor', 'new person', 'member', 'secret', 'invite', 'onboard'] },
  { title: 'Add New Investment', group: 'Recording', panel: AddInvestmentForm,
    needs: ['addInvestment'],
    keywords: ['capital', 'contribution', 'invest', 'buy in', 'money in'] },
  { title: 'Add New Investment Property', group: 'People and setup', panel: AddInvestmentPropertyForm, picture: true,
    needs: ['addInvestmentProperty'],
    keywords: ['property', 'building', 'house', 'purchase', 'acquire', 'picture', 'photo'] },
  { title: 'Add New Rental Deposit', group: 'Recording', panel: AddRentalDepositForm,
    needs: ['addRentalDeposit'],
    keywords: ['security deposit', 'tenant deposit', 'deposit held'] },
  { title: 'Manage Portal Users', group: 'People and setup', panel: ManagePortalUsers,
    needs: ['loginSummary', 'deletePortalUser', 'investorSecret'],
    keywords: ['user', 'login', 'password', 'reset', '2fa', 'two-factor', 'authenticator', 'secret', 'account', 'locked'] },
  { title: 'Add New LLC Expense', group: 'Recording', panel: AddLlcExpenseForm,
    needs: ['recordLlcExpense'],
    keywords: ['llc cost', 'filing fee', 'accounting', 'company expense'] },
  { title: 'LLC Taxes', group: 'Reports', panel: LlcTaxes, wide: true,
    needs: ['llcTaxes'],
    keywords: ['tax', 'k-1', 'k1', '1065', 'cpa', 'accountant', 'tax return', 'schedule'] },
  { title: 'Withdraw Funds', group: 'Recording', panel: WithdrawSwitcher,
    needs: ['recordCashWithdrawal', 'recordInvestmentWithdrawal', 'recordDepositWithdrawal'],
    keywords: ['payout', 'distribution', 'pay investor', 'withdrawal', 'cash out', 'return of capital', 'deposit refund'] },
  // Extensions after the spec's list.
  { title: 'Manage LLCs', group: 'People and setup', panel: ManageLlcs,
    needs: ['addLlc', 'getLlc', 'updateLlc'],
    keywords: ['llc', 'company', 'entity', 'business code', 'first step', 'setup'] },
  { title: 'Manage Lorens', group: 'People and setup', panel: ManageLorens,
    needs: ['addLoren'],
    keywords: ['loren', 'property manager', 'leasing partner'] },
  { title: 'Change Investor Fee', group: 'People and setup', panel: ChangeInvestorFeeForm,
    needs: ['setInvestorFee'],
    keywords: ['fee', 'management fee', 'percentage', 'rate'] },
  { title: 'Cash Withdrawals', group: 'Corrections', panel: CashWithdrawals, wide: true,
    needs: ['investorTxns'],
    keywords: ['void', 'delete', 'correct', 'payouts', 'distributions', 'withdrawals'] },
  { title: 'Audit Log', group: 'Corrections', panel: AuditLog, wide: true,
    needs: ['auditLog'],
    keywords: ['history', 'who changed', 'activity', 'events', 'log'] },
  { title: 'Period Locks', group: 'Corrections', panel: PeriodLocks,
    needs: ['periodLocks', 'setPeriodLock'],
    keywords: ['lock', 'close books', 'closed', 'reopen', 'year end'] },
  { title: 'Investor Statements', group: 'Reports', panel: InvestorStatements,
    needs: ['allStatements'],
    keywords: ['statement', 'pdf', 'quarterly', 'annual', 'report', 'download'] },
  { title: 'Export Ledger', group: 'Reports', panel: LedgerExport,
    needs: ['ledgerExport'],
    keywords: ['csv', 'spreadsheet', 'excel', 'download', 'ledger', 'export'] },
  { title: 'Add Income Category', group: 'People and setup', panel: AddIncomeCategoryForm,
    needs: ['addExpenseCategory'],
    keywords: ['category', 'income type', 'rent', 'late fee', 'setup'] },
  { title: 'Documents', group: 'People and setup', panel: DocumentsPanel, wide: true,
    needs: ['adminDocuments'],
    keywords: ['document', 'upload', 'file', 'k-1', 'k1', 'agreement', 'notice', 'letter', 'pdf', 'vault'] },
  { title: 'K-1s', group: 'People and setup', panel: K1sPanel, wide: true,
    needs: ['k1Status', 'uploadK1Batch'],
    keywords: ['k-1', 'k1', 'schedule k-1', 'tax', 'upload', 'zip', 'publish', 'consent', 'paper', 'members'] },
  { title: 'Outbox', group: 'People and setup', panel: OutboxPanel,
    needs: ['outbox'],
    keywords: ['e-mail', 'email', 'notices', 'mail', 'smtp', 'sent', 'notifications'] },
  { title: 'Investor Updates', group: 'People and setup', panel: UpdatesPanel,
    needs: ['adminUpdates', 'postUpdate'],
    keywords: ['update', 'letter', 'announcement', 'news', 'message', 'newsletter', 'write to investors'] },
  { title: 'Distributions', group: 'Recording', panel: DistributionsPanel, wide: true,
    needs: ['distributionRuns', 'draftDistributionRun'],
    keywords: ['distribution run', 'quarterly', 'payout', 'pay investors', 'ach', 'nacha', 'checks', 'approve'] },
  { title: 'Bank Accounts', group: 'People and setup', panel: BankAccountsPanel,
    needs: ['bankAccount', 'changeBankAccount'],
    keywords: ['bank', 'ach', 'routing', 'account number', 'direct deposit', 'approve', 'payee', 'distribution'] },
  { title: 'Capital Calls', group: 'Recording', panel: CapitalCallsPanel, wide: true,
    needs: ['adminCapitalCalls'],
    keywords: ['capital call', 'ask investors', 'contribution', 'roof', 'down payment', 'raise money', 'owed', 'late'] },
  // Undo is the admin's alone (the table says so): a bookkeeper imports and records, without the Undo button.
  { title: 'Bank Import', group: 'Recording', panel: BankImportPanel, wide: true,
    needs: ['llcBankAccounts', 'bankRules', 'bankImportPreview', 'bankImport', 'bankImports', 'bankImportCommit'],
    keywords: ['bank statement', 'statement', 'csv', 'ofx', 'qfx', 'import', 'upload', 'reconcile', 'bank feed', 'rules'] },
  // The seller's side of each land contract; terms and federal rates are the admin's to change (the table says so).
  { title: 'Land Contracts', group: 'Reports', panel: LandContractsPanel, wide: true,
    needs: ['landContracts', 'lcSchedule', 'lcPayoff', 'federalRates'],
    keywords: ['land contract', 'lc', 'buyer', 'installment', 'amortization', 'schedule', 'payoff', 'late', 'past due', 'federal rate', 'afr', 'year-end statement'] },
] as const satisfies readonly ActionSpec[];

export type AdminActionTitle = (typeof ENTRIES)[number]['title'];
export type AdminAction = Omit<ActionSpec, 'title' | 'wide' | 'picture'> & {
  slug: string;
  title: AdminActionTitle;
  wide: boolean;
  picture: boolean;
};

/** Each action with its slug for the URL (/admin?action=add-new-income): reload, bookmarks and back keep it. */
export const ADMIN_ACTIONS: readonly AdminAction[] = ENTRIES.map((e: ActionSpec & { title: AdminActionTitle }) => ({
  ...e,
  slug: slugOf(e.title),
  wide: e.wide ?? false,
  picture: e.picture ?? false,
}));

/** The loren-income entry exists only when the capability check (the manifest's loren flag) is on. */
export const LOREN_INCOME = slugOf('Add New Loren Income');
export const DEFAULT_ACTION = ADMIN_ACTIONS[0]!;

export const actionsFor = (loren: boolean): readonly AdminAction[] =>
  loren ? ADMIN_ACTIONS : ADMIN_ACTIONS.filter((a) => a.slug !== LOREN_INCOME);

/**
 * The actions `role` may open: those whose every needed call the endpoint table lets the role make
 * (contract/endpoint.ts rolesOf), in list order. The menu, the sheet, the finder and the picker show these.
 */
export const actionsForRole = (actions: readonly AdminAction[], role: Role): AdminAction[] =>
  actions.filter((a) => a.needs.every((name) => rolesOf(endpoints[name]).includes(role)));

/** The actions of each kind of work, each kind once, in ADMIN_GROUPS order; within a kind, in list order. */
export function groupsOf(actions: readonly AdminAction[]): { group: AdminGroup; actions: AdminAction[] }[] {
  return ADMIN_GROUPS.map((group) => ({ group, actions: actions.filter((a) => a.group === group) })).filter((g) => g.actions.length > 0);
}

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean);

/**
 * How well an action answers a search, lower is better, or null when it does not: every word typed must
 * start a word of its title, or be found in its title or keywords. A title that starts with the words,
 * or a keyword that is exactly them, ranks first, so "rent" leads to Add New Income, not a rental deposit.
 */
function rank(action: AdminAction, query: string): number | null {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const title = action.title.toLowerCase();
  const keywords = action.keywords.map((k) => k.toLowerCase());
  if (title.startsWith(q) || keywords.includes(q)) return 0;
  const titleWords = words(title);
  const keywordWords = keywords.flatMap(words);
  const every = (test: (w: string) => boolean) => words(q).every(test);
  if (every((w) => titleWords.some((t) => t.startsWith(w)) || keywordWords.some((k) => k.startsWith(w)))) {
    return title.includes(q) || keywords.some((k) => k.startsWith(q)) ? 1 : 2;
  }
  const haystack = [title, ...keywords].join(' ');
  return every((w) => haystack.includes(w)) ? 3 : null;
}

/** The actions a search finds, best first (list order among equals); every action for an empty search. */
export function searchActions(actions: readonly AdminAction[], query: string): AdminAction[] {
  return actions
    .map((a, i) => ({ a, i, r: rank(a, query) }))
    .filter((x): x is { a: AdminAction; i: number; r: number } => x.r !== null)
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
}
