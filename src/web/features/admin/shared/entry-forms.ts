import { endpoints } from '../../../../contract/endpoints';
import type { Endpoint } from '../../../../contract/endpoint';
import { correctingFormOf, CORRECTING_FORMS, KIND_OF_FORM, type CorrectingForm, type EntryKind, type LedgerEntryRow } from '../../../../contract/schemas/corrections';
import { dollarsText } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import type { AdminActionTitle } from '../admin-actions';
import { actionHref } from './action-address';

/**
 * The recording forms and the ledger entries they make: which admin action
 * holds each form, what its entries are called, where a recorded entry shows (its viewer), and how an
 * entry fills its form in again for a correction.
 */

type FormPlace = {
  /** The admin action the form is on. */
  action: AdminActionTitle;
  /** Where the action holds several forms (Withdraw Funds): the form's id. */
  formId?: string;
};

const PLACES: Record<CorrectingForm, FormPlace> = {
  recordPropertyIncome: { action: 'Add New Income' },
  recordLorenIncome: { action: 'Add New Loren Income' },
  recordLcPayment: { action: 'Add New Land Contract Payment' },
  recordPropertyExpense: { action: 'Add New Property Expense' },
  recordInvestorPropertyExpense: { action: 'Add New Investor Property Expense' },
  recordLlcExpense: { action: 'Add New LLC Expense' },
  addRentalDeposit: { action: 'Add New Rental Deposit' },
  addInvestment: { action: 'Add New Investment' },
  recordCashWithdrawal: { action: 'Withdraw Funds', formId: 'withdraw-cash' },
  recordInvestmentWithdrawal: { action: 'Withdraw Funds', formId: 'withdraw-investment' },
  recordDepositWithdrawal: { action: 'Withdraw Funds', formId: 'withdraw-deposit' },
};

/** What an entry of each kind is called, as a receipt starts ("Income of $75.00 …"). */
const NOUNS: Record<EntryKind, string> = {
  property_income: 'Income',
  lc_payment: 'Land-contract payment',
  property_expense: 'Expense',
  investor_property_expense: 'Expense',
  llc_expense: 'LLC expense',
  deposit: 'Deposit',
  deposit_withdrawal: 'Deposit refund',
  investment: 'Investment',
  investment_withdrawal: 'Return of capital',
  cash_withdrawal: 'Cash withdrawal',
};

/** The entries of a kind, as the list of a form's last entries names them. */
export const PLURALS: Record<EntryKind, string> = {
  property_income: 'income entries',
  lc_payment: 'land-contract payments',
  property_expense: 'property expenses',
  investor_property_expense: 'investor property expenses',
  llc_expense: 'LLC expenses',
  deposit: 'rental deposits',
  deposit_withdrawal: 'deposit withdrawals',
  investment: 'investments',
  investment_withdrawal: 'investment withdrawals',
  cash_withdrawal: 'cash withdrawals',
};

/** What an amount of a kind is, in "the usual Rent income for P". */
export const USUAL_WORDS: Record<EntryKind, string> = {
  property_income: 'income',
  lc_payment: 'land-contract payment',
  property_expense: 'expense',
  investor_property_expense: 'expense',
  llc_expense: 'LLC expense',
  deposit: 'deposit',
  deposit_withdrawal: 'deposit withdrawal',
  investment: 'investment',
  investment_withdrawal: 'investment withdrawal',
  cash_withdrawal: 'cash withdrawal',
};

/** The recording form a write of the table is, if it is one. */
export function formOfEndpoint(endpoint: Endpoint): CorrectingForm | undefined {
  return (Object.keys(CORRECTING_FORMS) as CorrectingForm[]).find((f) => endpoints[f] === endpoint);
}

export const kindOfForm = (form: CorrectingForm): EntryKind => KIND_OF_FORM[form];

/** The form an entry was recorded with (income over a period: the Loren income form). */
export const formOfEntry = (e: Pick<LedgerEntryRow, 'kind' | 'period_start'>): CorrectingForm =>
  correctingFormOf(e.kind, e.period_start ? { start_date: e.period_start } : {});


/** The address of the form that corrects an entry, filled in with it. */
export function correctionHref(e: Pick<LedgerEntryRow, 'id' | 'kind' | 'period_start'>): string {
  const place = PLACES[formOfEntry(e)];
  return actionHref(place.action, { ...(place.formId ? { form: place.formId } : {}), correct: String(e.id) });
}

/** The viewer that lists an entry, chosen for its property, LLC or investor, with the entry marked. */
export function viewerOf(e: LedgerEntryRow): { title: string; href: string } {
  const [action, name]: [AdminActionTitle, string | null] =
    e.kind === 'llc_expense' ? ['Delete LLC Transaction', e.llc]
    : e.kind === 'cash_withdrawal' ? ['Cash Withdrawals', e.investor]
    : ['Delete Property Transaction', e.property];
  const title = action === 'Cash Withdrawals' ? 'Cash Withdrawals' : action === 'Delete LLC Transaction' ? 'LLC transactions' : 'Property transactions';
  return { title, href: actionHref(action, { ...(name ? { name } : {}), entry: String(e.id) }) };
}

/** What an entry is, for whom: "Income of $75.00 on Oak Street (Late Fee)". */
export function entryWords(e: LedgerEntryRow): string {
  const amount = formatCurrency(e.amount);
  const category = e.category ? ` (${e.category})` : '';
  const noun = `${NOUNS[e.kind]} of ${amount}`;
  switch (e.kind) {
    case 'investor_property_expense': return `${noun} on ${e.property} charged to ${e.investor}${category}`;
    case 'llc_expense': return `${noun} for ${e.llc}${category}`;
    case 'investment': return `${noun} by ${e.investor} in ${e.property}`;
    case 'investment_withdrawal': return `${noun} to ${e.investor} from ${e.property}`;
    case 'cash_withdrawal': return `${noun} for ${e.investor}`;
    default: return `${noun} on ${e.property}${category}`;
  }
}

/** The form's values that show an entry again, by field name (only the fields the form has are used). */
export function valuesOfEntry(e: LedgerEntryRow): Record<string, string> {
  const text = (v: string | null) => v ?? '';
  return {
    income_date: e.date, expense_date: e.date, payment_date: e.date, date: e.date,
    income_for_month: e.for_month, expense_for_month: e.for_month,
    start_date: text(e.period_start), end_date: text(e.period_end),
    property_name: text(e.property), llc_name: text(e.llc), investor: text(e.investor), investor_name: text(e.investor),
    loren_name: text(e.loren), income_category: text(e.category), expense_category: text(e.category),
    payer: text(e.payer), description: text(e.description), notes: text(e.description),
    amount: dollarsText(e.amount),
  };
}
