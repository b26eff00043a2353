import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.js';
import { AdminHelpersResponse } from './schemas/admin-helpers.js';
import {
  AdminLevelResponse, ChangePasswordRequest, LoginRequest, LoginResponse, MfaRequest, ProtectedResponse, RegisterRequest, TokenResponse,
  TotpConfirmRequest, TotpEnableRequest, TotpEnrolResponse, TotpSetupRequest, TotpSetupResponse, TotpStatusResponse,
  RecoveryCodesRequest, RecoveryCodesResponse, TotpDisableRequest, RegisterResponse,
} from './schemas/auth.js';
import { MessageResponse } from './schemas/common.js';
import { InvestorPropertyQuery, InvestorPropertyResponse, InvestorSummaryQuery, InvestorSummaryResponse } from './schemas/investor.js';
import { ExplainQuery, ExplainResponse } from './schemas/explain.js';
import * as L from './schemas/ledger.js';
import { Manifest } from './schemas/manifest.js';
import * as M from './schemas/master-data.js';
import * as V from './schemas/viewers.js';
import * as C from './schemas/corrections.js';
import * as R from './schemas/reports.js';
import * as U from './schemas/portal-users.js';
import * as X from './schemas/exports.js';
import { UploadPictureRequest, UploadPictureResponse } from './schemas/pictures.js';
import { HealthResponse } from './schemas/common.js';
import * as D from './schemas/documents.js';
import * as N from './schemas/notices.js';
import * as UP from './schemas/updates.js';
import * as CC from './schemas/capital-calls.js';
import * as K from './schemas/consent.js';
import * as K1 from './schemas/k1-batches.js';
import * as BA from './schemas/bank-accounts.js';
import * as SP from './schemas/statement-publications.js';
import * as DR from './schemas/distribution-runs.js';
import * as ACH from './schemas/ach-settings.js';
import * as AC from './schemas/access.js';
import * as BI from './schemas/bank-import.js';
import * as IC from './schemas/investor-corrections.js';
import * as LC from './schemas/land-contracts.js';
import { BOOKKEEPING, INVESTOR_OWN, INVESTOR_PAGE, ROLES, STAFF_READ } from './roles.js';

/**
 * The endpoint table: every call of the API, once. The server registers exactly these routes
 * (plugins/endpoints.ts), GET /openapi.json is generated from them, and the web client's `call()` and
 * forms are typed and validated by them. Paths and field names are the spec's (docs/api.md).
 */

const recording = <B extends z.ZodType>(path: string, body: B, summary: string, message: string) =>
  endpoint({
    method: 'POST', path, policy: 'admin', roles: BOOKKEEPING, tag: 'Recording', summary, body, response: L.RecordedResponse,
    status: 201, message, idempotent: true, refusals: [409],
  });

const withdrawal = <B extends z.ZodType>(path: string, body: B, summary: string, message: string) =>
  endpoint({
    method: 'POST', path, policy: 'admin', roles: BOOKKEEPING, tag: 'Withdrawals', summary, body, response: L.RecordedResponse,
    status: 201, message, idempotent: true, refusals: [409],
  });

/** A viewer of one LLC's or property's entries is the auditor's too, for the LLCs granted to them (`scope`). */
const viewer = <Q extends z.ZodType, R extends z.ZodType>(path: string, query: Q, response: R, summary: string, scope?: 'llc_name' | 'property_name') =>
  endpoint({
    method: 'GET', path, policy: 'admin', roles: scope ? STAFF_READ : BOOKKEEPING, ...(scope ? { auditorScope: scope } : {}),
    tag: 'Viewers and voids', summary, query, response, refusals: [404],
  });

const VOID_WORDS: Record<V.VoidFamily, string> = {
  income: 'Income',
  expense: 'Expense',
  deposit: 'Deposit',
  lc_payment: 'Land contract payment',
  llc_expense: 'LLC expense',
  investment: 'Investment',
  withdrawal: 'Withdrawal',
};

const voidOf = <F extends V.VoidFamily>(family: F) =>
  endpoint({
    // A void is the admin's alone: the bookkeeper records, and what is undone is another's decision.
    method: 'POST', path: `/admin/delete_${family}` as const, policy: 'admin', tag: 'Viewers and voids',
    summary: `Voids a ${VOID_WORDS[family].toLowerCase()} row shown in a viewer (the row stays, marked, with an audit row).`,
    body: V.DeleteTxnRequest, response: MessageResponse, message: `${VOID_WORDS[family]} deleted successfully!`,
    idempotent: true, refusals: [404, 409],
  });

export const endpoints = {
  // ---- the portal itself ----------------------------------------------------------------------------
  health: endpoint({
    method: 'GET', path: '/healthz', policy: 'public', tag: 'Portal',
    summary: 'Liveness: the process is up and serving. Reads nothing.', response: HealthResponse, database: false,
  }),
  manifest: endpoint({
    method: 'GET', path: '/manifest.json', policy: 'public', tag: 'Portal',
    summary: "The web-app manifest and the portal's feature flags.", response: Manifest,
    headers: { 'cache-control': 'no-cache' }, database: false,
  }),

  // ---- sign-in and sessions -------------------------------------------------------------------------
  login: endpoint({
    method: 'POST', path: '/auth/login', policy: 'public', tag: 'Sessions',
    summary: 'Signs in with a username and password; answers a 30-minute token, or the two-factor step that comes first.',
    body: LoginRequest, response: LoginResponse, refusals: [401, 429],
  }),
  mfa: endpoint({
    method: 'POST', path: '/auth/mfa', policy: 'public', tag: 'Sessions',
    summary: 'The code step of a two-factor sign-in: the challenge from /auth/login and a TOTP code (each code once), or instead one recovery code.',
    body: MfaRequest, response: TokenResponse, refusals: [401, 429],
  }),
  totpSetup: endpoint({
    method: 'POST', path: '/auth/totp/setup', policy: 'public', tag: 'Sessions',
    summary: 'Enrolment in two-factor sign-in: a fresh TOTP secret and its otpauth:// address for the QR code.',
    body: TotpSetupRequest, response: TotpSetupResponse, refusals: [401, 409], headers: { 'cache-control': 'no-store' },
  }),
  totpConfirm: endpoint({
    method: 'POST', path: '/auth/totp/confirm', policy: 'public', tag: 'Sessions',
    summary: 'Confirms the enrolment with a code from the app and completes the sign-in; answers the ten recovery codes once.',
    body: TotpConfirmRequest, response: TokenResponse.extend(RecoveryCodesResponse.shape), refusals: [401, 409, 429],
  }),
  register: endpoint({
    method: 'POST', path: '/auth/register', policy: 'public', tag: 'Sessions',
    summary: "Creates a login from a registration secret (an investor's, a staff member's or a delegate's) and signs it in; a staff member who must use two-factor sign-in signs in next and sets it up first (no access_token).", body: RegisterRequest,
    response: MessageResponse.extend(RegisterResponse.shape), status: 201, message: 'Registration successful. You can sign in now.', refusals: [429],
  }),
  protectedCheck: endpoint({
    method: 'GET', path: '/auth/protected', policy: 'authenticated', tag: 'Sessions',
    summary: 'Who is signed in.', response: ProtectedResponse,
  }),
  renew: endpoint({
    method: 'POST', path: '/auth/renew', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: 'A fresh token for an active session (never past 12 hours from sign-in).', response: TokenResponse,
  }),
  logout: endpoint({
    method: 'POST', path: '/auth/logout', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: 'Ends the session on the server and tells the browser to drop its storage.', response: MessageResponse,
    message: 'Signed out.', headers: { 'clear-site-data': '"storage"' },
  }),
  changePassword: endpoint({
    method: 'POST', path: '/auth/change_password', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: "Changes the signed-in user's password; every other session of the user ends.", body: ChangePasswordRequest,
    response: MessageResponse, message: 'Password changed successfully', refusals: [429],
  }),
  totpStatus: endpoint({
    method: 'GET', path: '/auth/totp/status', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: "Whether the signed-in user's sign-in asks for a TOTP code (the Account page's two-factor card).",
    response: TotpStatusResponse,
  }),
  totpEnrol: endpoint({
    method: 'POST', path: '/auth/totp/enrol', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: 'Enrolment from the Account page: a fresh TOTP secret and its otpauth:// address for the QR code (409 once enabled).',
    response: TotpEnrolResponse, refusals: [409, 429], headers: { 'cache-control': 'no-store' },
  }),
  totpEnable: endpoint({
    method: 'POST', path: '/auth/totp/enable', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: 'Turns two-factor sign-in on with a code from the app (each code once; wrong codes count toward the lockout); answers the ten recovery codes once.',
    body: TotpEnableRequest, response: MessageResponse.extend(RecoveryCodesResponse.shape), message: 'Two-factor sign-in is on. Your next sign-in asks for a code.',
    refusals: [409, 429],
  }),
  totpDisable: endpoint({
    method: 'POST', path: '/auth/totp/disable', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: "Turns the signed-in user's two-factor sign-in off, proven by a code from the app or a recovery code (409 for an admin while it is required).",
    body: TotpDisableRequest, response: MessageResponse, message: 'Two-factor sign-in is off. Your next sign-in asks only for your password.',
    refusals: [409, 429],
  }),
  recoveryCodes: endpoint({
    method: 'POST', path: '/auth/totp/recovery_codes', policy: 'authenticated', tag: 'Sessions', sessionOnly: true,
    summary: 'Ten new recovery codes for a code from the app; the old ones stop working.',
    body: RecoveryCodesRequest, response: RecoveryCodesResponse, refusals: [409, 429],
  }),
  adminLevel: endpoint({
    method: 'GET', path: '/admin/get_admin_level', policy: 'authenticated', tag: 'Sessions',
    summary: "The signed-in user's admin level (0 for investors: hides the Admin link).", response: AdminLevelResponse,
  }),

  // ---- investor portal ------------------------------------------------------------------------------
  investorSummary: endpoint({
    method: 'GET', path: '/api/investor_summary', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "An investor's figures (their own; an admin names anyone's).", query: InvestorSummaryQuery,
    response: InvestorSummaryResponse, refusals: [404],
  }),
  investorProperty: endpoint({
    method: 'GET', path: '/api/investor_property', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "An investor's figures in one property.", query: InvestorPropertyQuery,
    response: InvestorPropertyResponse, refusals: [404],
  }),
  explain: endpoint({
    method: 'GET', path: '/api/explain', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "One figure of an investor's summary or property detail with its formula and the dated items it is made of.",
    query: ExplainQuery, response: ExplainResponse, refusals: [404],
  }),
  investorStatement: endpoint({
    method: 'GET', path: '/api/investor_statement', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "An investor's statement of a period as PDF: capital, income, cash and return, opening to closing (their own; an admin names anyone's).",
    query: X.InvestorStatementQuery, response: X.FileBody, file: 'application/pdf', refusals: [404],
  }),

  // ---- master data ----------------------------------------------------------------------------------
  adminHelpers: endpoint({
    method: 'GET', path: '/admin/get_admin_helpers', policy: 'admin', roles: STAFF_READ, auditorScope: 'own_llcs', tag: 'Master data',
    summary: "The option lists of the admin forms' selectors (an auditor's: only their LLCs, those LLCs' properties and years).", response: AdminHelpersResponse,
  }),
  addInvestmentProperty: endpoint({
    method: 'POST', path: '/admin/add_investment_property', policy: 'admin', tag: 'Master data',
    summary: 'Adds a property to an LLC (with land-contract terms, all or none).', body: M.AddInvestmentPropertyRequest,
    response: MessageResponse, status: 201, message: 'New property added successfully', refusals: [409],
  }),
  addInvestor: endpoint({
    method: 'POST', path: '/admin/add_investor', policy: 'admin', tag: 'Master data',
    summary: 'Adds an investor with a fee; answers the registration secret once.', body: M.AddInvestorRequest,
    response: M.AddInvestorResponse, status: 201, message: 'New investor added successfully, login secret is: {secret}',
    refusals: [409],
  }),
  setInvestorFee: endpoint({
    method: 'POST', path: '/admin/set_investor_fee', policy: 'admin', tag: 'Master data',
    summary: "Changes an investor's fee from a month on.", body: M.SetInvestorFeeRequest,
    response: MessageResponse, message: 'Fee updated successfully', refusals: [404],
  }),
  changeInvestorTaxId: endpoint({
    method: 'POST', path: '/admin/change_investor_tax_id', policy: 'admin', tag: 'Master data',
    summary: "Sets or changes an investor's tax ID (SSN or EIN), kept encrypted; answers it masked. Needs DATA_KEY.",
    body: M.ChangeInvestorTaxIdRequest, response: M.ChangeInvestorTaxIdResponse, message: 'Tax ID saved: {tax_id}', refusals: [404, 409],
  }),
  // A new category or loren is part of recording the month: the bookkeeper's too.
  addExpenseCategory: endpoint({
    method: 'POST', path: '/admin/add_expense_category', policy: 'admin', roles: BOOKKEEPING, tag: 'Master data',
    summary: 'Adds an income, property-expense or LLC-expense category.', body: M.AddExpenseCategoryRequest,
    response: MessageResponse, status: 201, message: 'New category added successfully', refusals: [409],
  }),
  getPropertyNotes: endpoint({
    method: 'GET', path: '/admin/get_property_notes', policy: 'admin', roles: BOOKKEEPING, tag: 'Master data',
    summary: "A property's notes.", query: M.PropertyNotesQuery, response: M.PropertyNotesResponse, refusals: [404],
  }),
  setPropertyNotes: endpoint({
    method: 'POST', path: '/admin/set_property_notes', policy: 'admin', roles: BOOKKEEPING, tag: 'Master data',
    summary: "Replaces a property's notes.", body: M.SetPropertyNotesRequest,
    response: MessageResponse, message: 'Notes updated successfully!', refusals: [404],
  }),
  addLlc: endpoint({
    method: 'POST', path: '/admin/add_llc', policy: 'admin', tag: 'Master data',
    summary: 'Adds an LLC with its tax-return header fields.', body: M.AddLlcRequest,
    response: MessageResponse, status: 201, message: 'New LLC added successfully', refusals: [409],
  }),
  getLlc: endpoint({
    method: 'GET', path: '/admin/get_llc', policy: 'admin', roles: STAFF_READ, auditorScope: 'llc_name', tag: 'Master data',
    summary: "An LLC's fields.", query: M.LlcQuery, response: M.LlcResponse, refusals: [404],
  }),
  updateLlc: endpoint({
    method: 'POST', path: '/admin/update_llc', policy: 'admin', tag: 'Master data',
    summary: "Updates an LLC's fields.", body: M.UpdateLlcRequest, response: MessageResponse,
    message: 'LLC updated successfully', refusals: [404],
  }),
  uploadPicture: endpoint({
    method: 'POST', path: '/admin/upload_picture', policy: 'admin', tag: 'Master data',
    summary: "Keeps a property picture (JPEG, PNG or WebP, at most 2 MB) on the portal's own origin; answers its address.",
    body: UploadPictureRequest, response: UploadPictureResponse, status: 201, message: 'Picture uploaded successfully',
    bodyLimit: 3 * 1024 * 1024, refusals: [404, 413],
  }),
  periodLocks: endpoint({
    method: 'GET', path: '/admin/period_locks', policy: 'admin', roles: BOOKKEEPING, tag: 'Master data',
    summary: "Each LLC and the date its books are closed through (null: open).", response: M.PeriodLocksResponse,
  }),
  setPeriodLock: endpoint({
    method: 'POST', path: '/admin/set_period_lock', policy: 'admin', tag: 'Master data',
    summary: "Closes an LLC's books through a date (no entry on or before it can be recorded or voided), or reopens them with an empty date.",
    body: M.SetPeriodLockRequest, response: M.SetPeriodLockResponse, message: 'Period lock saved', refusals: [404],
  }),
  addLoren: endpoint({
    method: 'POST', path: '/admin/add_loren', policy: 'admin', roles: BOOKKEEPING, tag: 'Master data',
    summary: 'Adds a loren (a party income and expenses can be attributed to).', body: M.AddLorenRequest,
    response: MessageResponse, status: 201, message: 'New loren added successfully', refusals: [409],
  }),

  // ---- recording ------------------------------------------------------------------------------------
  recordPropertyIncome: recording('/admin/record_property_income', L.RecordPropertyIncomeRequest,
    "Records a property's income for a month.", 'Income recorded successfully'),
  recordLorenIncome: recording('/admin/record_loren_income', L.RecordLorenIncomeRequest,
    'Records income for a period, spread over its days.', 'Income recorded successfully'),
  recordLcPayment: recording('/admin/record_lc_payment', L.RecordLcPaymentRequest,
    'Records a land-contract payment.', 'Land contract payment recorded successfully'),
  recordPropertyExpense: recording('/admin/record_property_expense', L.RecordPropertyExpenseRequest,
    "Records a property's expense for a month.", 'Expense recorded successfully'),
  recordInvestorPropertyExpense: recording('/admin/record_investor_property_expense', L.RecordInvestorPropertyExpenseRequest,
    'Records a property expense charged to one investor.', 'Expense recorded successfully'),
  recordLlcExpense: recording('/admin/record_llc_expense', L.RecordLlcExpenseRequest,
    "Records an LLC's expense, shared by its investors by capital.", 'Expense recorded successfully'),
  addRentalDeposit: recording('/admin/add_rental_deposit', L.AddRentalDepositRequest,
    'Records a security deposit held for a rental.', 'New deposit added successfully'),
  addInvestment: recording('/admin/add_investment', L.AddInvestmentRequest,
    "Records an investor's capital put into a property.", 'New investment added successfully'),

  // ---- withdrawals ----------------------------------------------------------------------------------
  maxCashWithdrawal: endpoint({
    method: 'GET', path: '/admin/get_max_cash_withdrawal', policy: 'admin', roles: BOOKKEEPING, tag: 'Withdrawals',
    summary: "The most an investor's cash balance allows today.", query: L.MaxCashQuery,
    response: L.MaxCashResponse, refusals: [404],
  }),
  maxInvestmentWithdrawal: endpoint({
    method: 'GET', path: '/admin/get_max_investment_withdrawal', policy: 'admin', roles: BOOKKEEPING, tag: 'Withdrawals',
    summary: "The most of an investor's capital in a property that can be returned.", query: L.MaxInvestmentQuery,
    response: L.MaxInvestmentResponse, refusals: [404],
  }),
  maxDepositWithdrawal: endpoint({
    method: 'GET', path: '/admin/get_max_deposit_withdrawal', policy: 'admin', roles: BOOKKEEPING, tag: 'Withdrawals',
    summary: 'The deposits held for a rental.', query: L.MaxDepositQuery, response: L.MaxDepositResponse, refusals: [404],
  }),
  recordCashWithdrawal: withdrawal('/admin/record_cash_withdrawal', L.RecordCashWithdrawalRequest,
    "Pays out of an investor's cash balance (never below zero).", 'Cash withdrawal recorded successfully'),
  recordInvestmentWithdrawal: withdrawal('/admin/record_investment_withdrawal', L.RecordInvestmentWithdrawalRequest,
    "Returns capital of an investor's in a property.", 'Investment withdrawal recorded successfully'),
  recordDepositWithdrawal: withdrawal('/admin/record_deposit_withdrawal', L.RecordDepositWithdrawalRequest,
    'Refunds or applies deposits held for a rental.', 'Deposit withdrawal recorded successfully'),

  // ---- distribution runs: the payout as one draft, approved into cash withdrawals --------------------
  // A bookkeeper drafts a payout and may change or drop the draft; only an admin approves it (and gets its payment files).
  draftDistributionRun: endpoint({
    method: 'POST', path: '/admin/draft_distribution_run', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs', long: true,
    summary: "Drafts a distribution: each investor's cash maximum today (every investor, an LLC's members or chosen ones), all of it or a percent rounded down to the cent, lines below the minimum left at 0. Writes nothing to the ledger.",
    body: DR.DraftDistributionRunRequest, response: DR.DraftDistributionRunResponse, status: 201, message: 'Distribution run {id} drafted: check it, then approve it.',
  }),
  distributionRuns: endpoint({
    method: 'GET', path: '/admin/distribution_runs', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs',
    summary: 'Every distribution run, newest first, with its totals and who drafted, approved or cancelled it.',
    response: DR.DistributionRunsResponse,
  }),
  distributionRun: endpoint({
    method: 'GET', path: '/admin/distribution_run', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs',
    summary: 'One distribution run with its lines: cash available, amount, how it was computed and how each investor is paid.',
    query: DR.DistributionRunQuery, response: DR.DistributionRunResponse, refusals: [404],
  }),
  changeDistributionLine: endpoint({
    method: 'POST', path: '/admin/change_distribution_line', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs',
    summary: "Changes one line of a draft: from 0 up to the investor's cash maximum now.",
    body: DR.ChangeDistributionLineRequest, response: DR.DistributionRunWriteResponse, message: 'Line changed', refusals: [404, 409],
  }),
  approveDistributionRun: endpoint({
    method: 'POST', path: '/admin/approve_distribution_run', policy: 'admin', tag: 'Distribution runs', long: true,
    summary: 'Approves a draft: records each line as a cash withdrawal dated the run\'s date, in one transaction, or nothing when a line is above its maximum now. With REQUIRE_SECOND_APPROVER another admin than the drafter must approve.',
    body: DR.DistributionRunRequest, response: DR.DistributionRunWriteResponse, message: 'Distribution run approved: {paid_lines} cash withdrawals recorded.', refusals: [404, 409],
  }),
  cancelDistributionRun: endpoint({
    method: 'POST', path: '/admin/cancel_distribution_run', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs',
    summary: 'Cancels a draft (an approved run is undone by voiding its withdrawals one by one).',
    body: DR.DistributionRunRequest, response: DR.DistributionRunWriteResponse, message: 'Distribution run cancelled', refusals: [404, 409],
  }),
  distributionRunNacha: endpoint({
    method: 'GET', path: '/admin/distribution_run_nacha', policy: 'admin', tag: 'Distribution runs',
    summary: "An approved run's ACH lines as a NACHA file (run-<id>.ach), 409 until the ACH settings are set.",
    query: DR.DistributionRunQuery, response: X.FileBody, file: 'application/octet-stream', refusals: [404, 409],
  }),
  distributionRunCsv: endpoint({
    method: 'GET', path: '/admin/distribution_run_csv', policy: 'admin', roles: BOOKKEEPING, tag: 'Distribution runs',
    summary: "Every line of a run as CSV: investor, cash available, amount, payment method.",
    query: DR.DistributionRunQuery, response: X.FileBody, file: 'text/csv', refusals: [404],
  }),
  distributionRunChecks: endpoint({
    method: 'GET', path: '/admin/distribution_run_checks', policy: 'admin', tag: 'Distribution runs',
    summary: "An approved run's check lines as CSV: name, amount and the mailing address the investor record holds.",
    query: DR.DistributionRunQuery, response: X.FileBody, file: 'text/csv', refusals: [404, 409],
  }),

  // ---- viewers, voids and the audit trail -----------------------------------------------------------
  propertyTxns: viewer('/admin/get_property_txns', V.PropertyTxnsQuery, V.PropertyTxnsResponse,
    "A property's income, expenses, deposits, land-contract payments and capital movements.", 'property_name'),
  llcTxns: viewer('/admin/get_llc_txns', V.LlcTxnsQuery, V.LlcTxnsResponse, "An LLC's expenses.", 'llc_name'),
  investorTxns: viewer('/admin/get_investor_txns', V.InvestorTxnsQuery, V.InvestorTxnsResponse,
    "An investor's cash withdrawals."),
  deleteIncome: voidOf('income'),
  deleteExpense: voidOf('expense'),
  deleteDeposit: voidOf('deposit'),
  deleteLcPayment: voidOf('lc_payment'),
  deleteLlcExpense: voidOf('llc_expense'),
  deleteInvestment: voidOf('investment'),
  deleteWithdrawal: voidOf('withdrawal'),
  // A form's last entries (its receipts), one entry to fill its form in again, and the correction.
  ledgerEntries: endpoint({
    method: 'GET', path: '/admin/ledger_entries', policy: 'admin', roles: BOOKKEEPING, tag: 'Viewers and voids',
    summary: "Ledger entries with every field of their recording form, newest recorded first (at most 50; 5 unless `limit` says): a kind's last entries, or one entry by `id`.",
    query: C.LedgerEntriesQuery, response: C.LedgerEntriesResponse, refusals: [404],
  }),
  correctEntry: endpoint({
    method: 'POST', path: '/admin/correct_entry', policy: 'admin', tag: 'Viewers and voids',
    summary: "Corrects an entry in one step: voids it with the reason and records the corrected entry from its recording form's fields, in one transaction, both audited; refused whole (409) where the result would overdraw.",
    body: C.CorrectEntryRequest, response: C.CorrectEntryResponse, status: 201,
    message: 'Entry {voided_id} is voided and recorded again, corrected, as entry {id}.', idempotent: true, refusals: [404, 409],
  }),
  // ---- reports --------------------------------------------------------------------------------------
  adminSummary: endpoint({
    method: 'GET', path: '/admin/get_admin_summary', policy: 'admin', roles: BOOKKEEPING, tag: 'Reports',
    summary: 'The business at a glance: cash owed to investors, capital, income, expenses and deposits held.',
    response: R.AdminSummaryResponse,
  }),
  propertyDetails: endpoint({
    method: 'GET', path: '/admin/get_property_details', policy: 'admin', roles: STAFF_READ, auditorScope: 'property_name', tag: 'Reports',
    summary: "One property's investments, income, expenses and deposits, with totals and its investors' capital.",
    query: R.PropertyDetailsQuery, response: R.PropertyDetailsResponse, refusals: [404],
  }),
  llcTaxes: endpoint({
    method: 'GET', path: '/admin/llc_taxes', policy: 'admin', roles: STAFF_READ, auditorScope: 'llc_name', tag: 'Reports',
    summary: "An LLC's tax report for a year: cash basis, members by ownership in each item's month.",
    query: R.LlcTaxesQuery, response: R.LlcTaxesResponse, refusals: [404],
  }),
  allStatements: endpoint({
    method: 'GET', path: '/admin/statements', policy: 'admin', roles: BOOKKEEPING, tag: 'Statements and exports', long: true,
    summary: 'Every investor statement of a period in one zip: one PDF per investor who held capital or cash in it (X-File-Count: at most how many).',
    query: X.StatementsQuery, response: X.FileBody, file: 'application/zip',
  }),
  taxPackage: endpoint({
    method: 'GET', path: '/admin/tax_package', policy: 'admin', roles: STAFF_READ, auditorScope: 'llc_name', tag: 'Statements and exports',
    summary: "An LLC's tax package for its CPA: the tax report as PDF and CSV, each property's tax summary, the year's ledger and a README.",
    query: R.LlcTaxesQuery, response: X.FileBody, file: 'application/zip', refusals: [404],
  }),
  ledgerExport: endpoint({
    method: 'GET', path: '/admin/ledger_export', policy: 'admin', roles: BOOKKEEPING, tag: 'Statements and exports',
    summary: 'Every ledger entry dated in a period as CSV, with its references by name; voided entries included and marked.',
    query: X.LedgerExportQuery, response: X.FileBody, file: 'text/csv',
  }),
  publishStatements: endpoint({
    method: 'POST', path: '/admin/publish_statements', policy: 'admin', tag: 'Statements and exports', long: true,
    summary: "Publishes a period's statements as final, once: each investor who held capital or cash in it is told by e-mail, and their page lists it. The period must have ended.",
    body: SP.PublishStatementsRequest, response: SP.PublishStatementsResponse, status: 201,
    message: 'Statements published for {investors} investors. Each with an e-mail address and these notices on is told.', refusals: [409],
  }),
  statementPublications: endpoint({
    method: 'GET', path: '/admin/statement_publications', policy: 'admin', roles: BOOKKEEPING, tag: 'Statements and exports',
    summary: 'Every statement period published: the period, who published it and when, and for how many investors, newest first.',
    response: SP.StatementPublicationsResponse,
  }),
  publishedStatements: endpoint({
    method: 'GET', path: '/api/published_statements', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "The statement periods published for an investor, latest first, each with the from and to of its statement (their own; an admin names anyone's).",
    query: SP.PublishedStatementsQuery, response: SP.PublishedStatementsResponse, refusals: [404],
  }),
  propertyTaxes: endpoint({
    method: 'GET', path: '/admin/property_taxes', policy: 'admin', roles: STAFF_READ, auditorScope: 'property_name', tag: 'Reports',
    summary: "A property's income and expenses of a tax year by category.",
    query: R.PropertyTaxesQuery, response: R.PropertyTaxesResponse, refusals: [404],
  }),

  // ---- land contracts (docs/product.md "Land contracts") ----------------------------------------------
  landContracts: endpoint({
    method: 'GET', path: '/admin/land_contracts', policy: 'admin', roles: BOOKKEEPING, tag: 'Land contracts',
    summary: 'Every land-contract property with its terms (null when none are recorded), the balance owed today and what is past due.',
    response: LC.LandContractsResponse,
  }),
  setLandContractTerms: endpoint({
    method: 'POST', path: '/admin/set_land_contract_terms', policy: 'admin', tag: 'Land contracts',
    summary: "Records or changes a land contract's terms: the five tax terms, and the installment, first due date, grace days, assumed mortgage and buyer. Tax terms cannot change while the sale lies in a closed period.",
    body: LC.SetLandContractTermsRequest, response: MessageResponse, message: 'Land contract terms saved', refusals: [404, 409],
  }),
  lcSchedule: endpoint({
    method: 'GET', path: '/admin/lc_schedule', policy: 'admin', roles: STAFF_READ, auditorScope: 'property_name', tag: 'Land contracts',
    summary: "A land contract's amortization schedule beside what was paid against each installment (paid, late, short, missing), the payments received split into interest and principal with arrears carried, and the totals.",
    query: LC.LandContractQuery, response: LC.LcScheduleResponse, refusals: [404, 409],
  }),
  lcPayoff: endpoint({
    method: 'GET', path: '/admin/lc_payoff', policy: 'admin', roles: STAFF_READ, auditorScope: 'property_name', tag: 'Land contracts',
    summary: 'What pays a land contract off on a date: the balance, plus interest to that date by the contract\'s rule (whole months since the last payment) and any carried.',
    query: LC.LcPayoffQuery, response: LC.LcPayoffResponse, refusals: [404, 409],
  }),
  lcPayoffLetter: endpoint({
    method: 'GET', path: '/admin/lc_payoff_letter', policy: 'admin', roles: BOOKKEEPING, tag: 'Land contracts',
    summary: 'The payoff quote of lc_payoff as a PDF letter to the buyer.',
    query: LC.LcPayoffQuery, response: X.FileBody, file: 'application/pdf', refusals: [404, 409],
  }),
  lcStatement: endpoint({
    method: 'GET', path: '/admin/lc_statement', policy: 'admin', roles: BOOKKEEPING, tag: 'Land contracts',
    summary: "The buyer's year-end statement as PDF: each payment received in the year with its interest and principal, the year's totals and the balance at the year's end.",
    query: LC.LcStatementQuery, response: X.FileBody, file: 'application/pdf', refusals: [404, 409],
  }),
  federalRates: endpoint({
    method: 'GET', path: '/admin/federal_rates', policy: 'admin', roles: BOOKKEEPING, tag: 'Land contracts',
    summary: 'The applicable federal rates recorded, by month and term, newest first: the tax report tests each contract\'s interest against them.',
    response: LC.FederalRatesResponse,
  }),
  setFederalRate: endpoint({
    method: 'POST', path: '/admin/set_federal_rate', policy: 'admin', tag: 'Land contracts',
    summary: "Records the applicable federal rate of a month and term (the IRS table's monthly-compounding rate), replacing the one recorded.",
    body: LC.SetFederalRateRequest, response: MessageResponse, message: 'Federal rate recorded', refusals: [409],
  }),

  // ---- portal users ---------------------------------------------------------------------------------
  loginSummary: endpoint({
    method: 'GET', path: '/admin/get_login_summary', policy: 'admin', tag: 'Portal users',
    summary: "Each investor login's sign-in count and last sign-in.", response: U.LoginSummaryResponse,
  }),
  deletePortalUser: endpoint({
    method: 'POST', path: '/admin/delete_portal_user', policy: 'admin', tag: 'Portal users', sessionOnly: true,
    summary: "Removes an investor's login and ends its sessions at once; the investor and their money stay.",
    body: U.DeletePortalUserRequest, response: MessageResponse, message: 'Portal user deleted successfully', refusals: [404],
  }),
  resetPortalUserPassword: endpoint({
    method: 'POST', path: '/admin/reset_portal_user_password', policy: 'admin', tag: 'Portal users', sessionOnly: true,
    summary: "Gives an investor's login a new random password (answered once, to pass on), lifts any wait after failed sign-ins and ends its sessions.",
    body: U.ResetPortalUserRequest, response: U.ResetPortalUserPasswordResponse,
    message: 'A new password is set. Give it to the investor; it is shown only now.', refusals: [404],
  }),
  resetPortalUserTotp: endpoint({
    method: 'POST', path: '/admin/reset_portal_user_totp', policy: 'admin', tag: 'Portal users', sessionOnly: true,
    summary: "Turns an investor's two-factor sign-in off (a lost phone) and ends its sessions; they may set it up again.",
    body: U.ResetPortalUserRequest, response: MessageResponse,
    message: 'Two-factor sign-in is off for this login. Its next sign-in asks only for the password.', refusals: [404],
  }),
  investorSecret: endpoint({
    method: 'GET', path: '/admin/get_investor_secret', policy: 'admin', tag: 'Portal users', sessionOnly: true,
    summary: "Issues a fresh single-use registration secret for an investor (the old one stops working): the investor's way back in.",
    query: U.InvestorSecretQuery, response: U.InvestorSecretResponse, refusals: [404],
    headers: { 'cache-control': 'no-store' },
  }),

  auditLog: endpoint({
    method: 'GET', path: '/admin/audit_log', policy: 'admin', tag: 'Viewers and voids',
    summary: 'The audit trail, newest first, by page, filterable by entity.', query: V.AuditLogQuery,
    response: V.AuditLogResponse,
  }),

  // A delegate's notices are the investor's to choose (their e-mails), never the delegate's.
  noticeSettings: endpoint({
    method: 'GET', path: '/api/notice_settings', policy: 'authenticated', roles: ROLES.filter((r) => r !== 'delegate'), tag: 'Notices',
    summary: "The signed-in user's e-mail notices: each event, on or off (security notices always on).",
    response: N.NoticeSettingsResponse,
  }),
  changeNoticeSettings: endpoint({
    method: 'POST', path: '/api/change_notice_settings', policy: 'authenticated', roles: ROLES.filter((r) => r !== 'delegate'), tag: 'Notices',
    summary: 'Turns optional e-mail notices on or off for the signed-in user (security notices cannot be turned off).',
    body: N.ChangeNoticeSettingsRequest, response: N.NoticeSettingsResponse, message: 'Notice settings saved.',
  }),
  outbox: endpoint({
    method: 'GET', path: '/admin/outbox', policy: 'admin', tag: 'Notices',
    summary: 'The e-mail outbox, newest first, by page: each notice pending, sent or failed, with its last error.',
    query: N.OutboxQuery, response: N.OutboxResponse,
  }),

  // ---- electronic K-1 delivery consent (docs/decisions.md, "K-1 delivery consent") --------------------
  // Consent is the investor's own act: a delegate or a bookkeeper never reads or gives it for them.
  k1Consent: endpoint({
    method: 'GET', path: '/api/k1_consent', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'K-1 consent',
    summary: "The signed-in investor's consent to get K-1s electronically, with the disclosures to read before consenting.",
    response: K.K1ConsentResponse, refusals: [409],
  }),
  giveK1Consent: endpoint({
    method: 'POST', path: '/api/give_k1_consent', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'K-1 consent',
    summary: 'The signed-in investor consents to get K-1s electronically, having read the disclosures of this version.',
    body: K.GiveK1ConsentRequest, response: K.K1ConsentResponse, message: 'Consent recorded: your K-1s will be delivered in the portal.',
    refusals: [409],
  }),
  withdrawK1Consent: endpoint({
    method: 'POST', path: '/api/withdraw_k1_consent', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'K-1 consent',
    summary: 'The signed-in investor withdraws consent: K-1s not yet furnished come on paper.',
    response: K.K1ConsentResponse, message: 'Consent withdrawn: K-1s not yet furnished will come on paper.', refusals: [409],
  }),
  k1Consents: endpoint({
    method: 'GET', path: '/admin/k1_consents', policy: 'admin', roles: BOOKKEEPING, tag: 'K-1 consent',
    summary: 'Each investor: whether they consent to electronic K-1s, and since when.',
    response: K.K1ConsentsResponse,
  }),

  // ---- the document vault ---------------------------------------------------------------------------
  uploadDocument: endpoint({
    method: 'POST', path: '/admin/upload_document', policy: 'admin', tag: 'Documents',
    summary: 'Keeps a document for one investor (investor_name), an LLC\'s members (llc_name) or every investor (neither): a PDF, PNG, JPEG, Word, Excel, text or CSV file of at most 25 MB, checked by its content.',
    multipart: { fields: D.UploadDocumentFields, file: { name: 'file', types: D.DOCUMENT_TYPES, maxBytes: D.MAX_DOCUMENT_BYTES } },
    response: D.UploadDocumentResponse, status: 201, message: 'Document uploaded successfully', refusals: [413],
  }),
  replaceDocument: endpoint({
    method: 'POST', path: '/admin/replace_document', policy: 'admin', tag: 'Documents',
    summary: "Replaces a document's file with a new version; the older versions stay in its history.",
    multipart: { fields: D.ReplaceDocumentFields, file: { name: 'file', types: D.DOCUMENT_TYPES, maxBytes: D.MAX_DOCUMENT_BYTES } },
    response: D.ReplaceDocumentResponse, message: 'Document replaced: version {version} is the current one.', refusals: [404, 409, 413],
  }),
  withdrawDocument: endpoint({
    method: 'POST', path: '/admin/withdraw_document', policy: 'admin', tag: 'Documents',
    summary: 'Withdraws a document: investors no longer see or download it; the audit log keeps who and why.',
    body: D.WithdrawDocumentRequest, response: MessageResponse, message: 'Document withdrawn', refusals: [404, 409],
  }),
  documents: endpoint({
    method: 'GET', path: '/api/documents', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Documents',
    summary: "An investor's documents, their LLCs' and every investor's, newest first (their own; an admin names anyone's).",
    query: D.DocumentsQuery, response: D.DocumentsResponse, refusals: [404],
  }),
  document: endpoint({
    method: 'GET', path: '/api/document', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Documents',
    summary: "A document's current file, as an attachment of its own type; each download by an investor is recorded.",
    query: D.DocumentQuery, response: X.FileBody, file: 'application/octet-stream', refusals: [404],
  }),
  adminDocuments: endpoint({
    method: 'GET', path: '/admin/documents', policy: 'admin', roles: BOOKKEEPING, tag: 'Documents',
    summary: 'Every document with its audience, versions and download count, withdrawn ones too, newest first.',
    response: D.AdminDocumentsResponse,
  }),
  documentDownloads: endpoint({
    method: 'GET', path: '/admin/document_downloads', policy: 'admin', roles: BOOKKEEPING, tag: 'Documents',
    summary: 'Who opened a document, which version and when, newest first.',
    query: D.DocumentDownloadsQuery, response: D.DocumentDownloadsResponse, refusals: [404],
  }),

  // ---- bank statements in (docs/product.md "Bank statement import") ----------------------------------
  llcBankAccounts: endpoint({
    method: 'GET', path: '/admin/llc_bank_accounts', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: "An LLC's bank accounts: the properties each usually serves and its kept CSV column mapping.",
    query: BI.LlcBankAccountsQuery, response: BI.LlcBankAccountsResponse, refusals: [404],
  }),
  addLlcBankAccount: endpoint({
    method: 'POST', path: '/admin/add_llc_bank_account', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: 'Adds a bank account of an LLC (a name, its last four digits, the properties it usually serves).',
    body: BI.AddLlcBankAccountRequest, response: MessageResponse, status: 201, message: 'Bank account added.', refusals: [404, 409],
  }),
  changeLlcBankAccount: endpoint({
    method: 'POST', path: '/admin/change_llc_bank_account', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: "Changes an LLC bank account's name, last four digits, properties or CSV mapping.",
    body: BI.ChangeLlcBankAccountRequest, response: MessageResponse, message: 'Bank account saved.', refusals: [404, 409],
  }),
  bankRules: endpoint({
    method: 'GET', path: '/admin/bank_rules', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: "An LLC's import rules, in the order they are applied.", query: BI.BankRulesQuery, response: BI.BankRulesResponse, refusals: [404],
  }),
  addBankRule: endpoint({
    method: 'POST', path: '/admin/add_bank_rule', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: 'Adds an import rule: lines whose payee or memo contains the text are proposed as this entry.',
    body: BI.AddBankRuleRequest, response: BI.AddBankRuleResponse, status: 201, message: 'Rule saved.', refusals: [404],
  }),
  changeBankRule: endpoint({
    method: 'POST', path: '/admin/change_bank_rule', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: "Changes an import rule's text, entry or place in the order.",
    body: BI.ChangeBankRuleRequest, response: MessageResponse, message: 'Rule saved.', refusals: [404],
  }),
  deleteBankRule: endpoint({
    method: 'POST', path: '/admin/delete_bank_rule', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: 'Deletes an import rule (later previews no longer apply it; proposals it made keep its name).',
    body: BI.DeleteBankRuleRequest, response: MessageResponse, message: 'Rule deleted.', refusals: [404],
  }),
  bankImportPreview: endpoint({
    method: 'POST', path: '/admin/bank_import_preview', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import', long: true,
    summary: "Reads a bank statement (CSV, OFX or QFX) and answers each line with the entry it would record and whether it is new, already imported or a possible duplicate; nothing is recorded until bank_import_commit.",
    multipart: { fields: BI.BankImportPreviewFields, file: { name: 'file', types: BI.BANK_FILE_TYPES, maxBytes: BI.MAX_BANK_FILE_BYTES } },
    response: BI.BankImportPreviewResponse, status: 201, message: 'Statement read: check each line, then record.', refusals: [404, 413],
  }),
  bankImport: endpoint({
    method: 'GET', path: '/admin/bank_import', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: 'An import as bank_import_preview answered it (statuses as of now), or, once committed, what each line became.',
    query: BI.BankImportQuery, response: BI.BankImportResponse, refusals: [404],
  }),
  bankImports: endpoint({
    method: 'GET', path: '/admin/bank_imports', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import',
    summary: "An LLC's statement imports, newest first: file, who and when, lines taken and skipped, undone.",
    query: BI.BankImportsQuery, response: BI.BankImportsResponse, refusals: [404],
  }),
  bankImportCommit: endpoint({
    method: 'POST', path: '/admin/bank_import_commit', policy: 'admin', roles: BOOKKEEPING, tag: 'Bank import', long: true, idempotent: true,
    summary: "Records the lines sent, each by its recording form's rules (names, period lock, withdrawal limits), in one transaction; the import's other lines are skipped.",
    body: BI.BankImportCommitRequest, response: BI.BankImportCommitResponse, message: 'Recorded {taken} lines, skipped {skipped}.',
    bodyLimit: 6 * 1024 * 1024, maxEntries: BI.MAX_COMMIT_ENTRIES, refusals: [404, 409, 413],
  }),
  bankImportUndo: endpoint({
    method: 'POST', path: '/admin/bank_import_undo', policy: 'admin', tag: 'Bank import', long: true,
    summary: 'Voids every entry an import recorded (each with its audit row), unless one is in a closed period; its lines can then be imported again.',
    body: BI.BankImportUndoRequest, response: BI.BankImportUndoResponse, message: 'Import undone: {voided} entries voided.', refusals: [404, 409],
  }),

  // ---- K-1s in one upload ---------------------------------------------------------------------------
  uploadK1Batch: endpoint({
    method: 'POST', path: '/admin/upload_k1_batch', policy: 'admin', tag: 'K-1s', long: true,
    summary: "Receives an LLC's K-1s for a tax year (one zip, or several PDFs as `files` parts) and matches each to a member by the tax ID in its text, else by name; nothing is published until publish_k1_batch.",
    multipart: {
      fields: K1.UploadK1BatchFields,
      file: { name: 'files', types: K1.K1_BATCH_TYPES, maxBytes: K1.MAX_K1_BATCH_BYTES, maxFiles: K1.MAX_K1_BATCH_PARTS },
    },
    response: K1.UploadK1BatchResponse, status: 201, message: 'K-1s received: check the matches, then publish.', refusals: [404, 413],
  }),
  k1Batch: endpoint({
    method: 'GET', path: '/admin/k1_batch', policy: 'admin', roles: BOOKKEEPING, tag: 'K-1s',
    summary: 'A K-1 batch with its files and their matches, as upload_k1_batch answered it.',
    query: K1.K1BatchQuery, response: K1.K1BatchResponse, refusals: [404],
  }),
  k1BatchFile: endpoint({
    method: 'GET', path: '/admin/k1_batch_file', policy: 'admin', roles: BOOKKEEPING, tag: 'K-1s',
    summary: 'One file of a K-1 batch, to check a match by reading it.',
    query: K1.K1BatchFileQuery, response: X.FileBody, file: 'application/pdf', refusals: [404],
  }),
  publishK1Batch: endpoint({
    method: 'POST', path: '/admin/publish_k1_batch', policy: 'admin', tag: 'K-1s', long: true,
    summary: "Publishes the confirmed matches: each file becomes its member's K-1 of the LLC and year (a new version when one was published before), and each member is told.",
    body: K1.PublishK1BatchRequest, response: K1.PublishK1BatchResponse, message: 'K-1s published to {published} members.', refusals: [404, 409],
  }),
  discardK1Batch: endpoint({
    method: 'POST', path: '/admin/discard_k1_batch', policy: 'admin', tag: 'K-1s',
    summary: 'Discards a batch that was not published: its files are forgotten.',
    body: K1.DiscardK1BatchRequest, response: MessageResponse, message: 'K-1 batch discarded', refusals: [404, 409],
  }),
  k1Status: endpoint({
    method: 'GET', path: '/admin/k1_status', policy: 'admin', roles: STAFF_READ, auditorScope: 'llc_name', tag: 'K-1s',
    summary: "Each member's K-1 of an LLC's tax year: missing, uploaded or downloaded, and whether it must also go on paper (no electronic-delivery consent).",
    query: K1.K1StatusQuery, response: K1.K1StatusResponse, refusals: [404],
  }),

  // ---- bank accounts (distributions by ACH; docs/api.md "Bank accounts") -----------------------------
  bankAccount: endpoint({
    method: 'GET', path: '/api/bank_account', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'Bank accounts',
    summary: "An investor's bank account for distributions, masked (type, last four digits, routing number), and a change waiting for approval (their own; an admin names anyone's).",
    query: BA.BankAccountQuery, response: BA.BankAccountResponse, refusals: [404, 409],
  }),
  changeBankAccount: endpoint({
    method: 'POST', path: '/api/change_bank_account', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'Bank accounts',
    summary: "Sets an investor's bank account. An investor's change waits for an admin's approval (the account on file stays the one paid) and they are told by e-mail; an admin's takes effect at once, unless REQUIRE_SECOND_APPROVER makes it wait for another admin.",
    body: BA.ChangeBankAccountRequest, response: BA.ChangeBankAccountResponse, message: '{outcome}', refusals: [404, 409],
  }),
  bankChanges: endpoint({
    method: 'GET', path: '/admin/bank_changes', policy: 'admin', tag: 'Bank accounts',
    summary: 'Bank account changes waiting for approval, oldest first: the investor, the new account masked, who asked and when.',
    response: BA.BankChangesResponse, refusals: [409],
  }),
  approveBankChange: endpoint({
    method: 'POST', path: '/admin/approve_bank_change', policy: 'admin', tag: 'Bank accounts',
    summary: "Approves an investor's pending bank account change: it becomes the account paid, and the investor is told. With REQUIRE_SECOND_APPROVER, never by the admin who asked.",
    body: BA.ApproveBankChangeRequest, response: MessageResponse, message: 'Bank account change approved: it is the one paid from now on.', refusals: [404, 409],
  }),
  rejectBankChange: endpoint({
    method: 'POST', path: '/admin/reject_bank_change', policy: 'admin', tag: 'Bank accounts',
    summary: "Rejects an investor's pending bank account change, with the reason; the account on file stays the one paid.",
    body: BA.RejectBankChangeRequest, response: MessageResponse, message: 'Bank account change rejected: the account on file stays.', refusals: [404, 409],
  }),

  // ---- ACH details: who sends distribution payments' NACHA file, to which bank (docs/api.md "ACH details")
  achSettings: endpoint({
    method: 'GET', path: '/admin/ach_settings', policy: 'admin', tag: 'ACH details',
    summary: "The group's ACH details for distribution payments' NACHA file (company name and ID, originating and destination banks), or nulls before they are saved.",
    response: ACH.AchSettingsResponse,
  }),
  changeAchSettings: endpoint({
    method: 'POST', path: '/admin/change_ach_settings', policy: 'admin', tag: 'ACH details',
    summary: "Saves the group's ACH details: company_name (at most 16 characters), company_id (10, often '1' and the EIN), originating_routing and destination_routing (ABA routing numbers), destination_name and origin_name (at most 23).",
    body: ACH.ChangeAchSettingsRequest, response: ACH.ChangeAchSettingsResponse, message: 'ACH details saved.',
  }),

  // ---- investor updates -----------------------------------------------------------------------------
  postUpdate: endpoint({
    method: 'POST', path: '/admin/post_update', policy: 'admin', tag: 'Updates',
    summary: "Posts an update from the manager for every investor, an LLC's members (llc_name) or chosen investors (investor_names), with documents of the vault attached (document_ids); each reader is told by e-mail.",
    body: UP.PostUpdateRequest, response: UP.PostUpdateResponse, status: 201, message: 'Update posted',
  }),
  withdrawUpdate: endpoint({
    method: 'POST', path: '/admin/withdraw_update', policy: 'admin', tag: 'Updates',
    summary: 'Withdraws an update: investors no longer see it; the audit log keeps who did it.',
    body: UP.WithdrawUpdateRequest, response: MessageResponse, message: 'Update withdrawn', refusals: [404, 409],
  }),
  adminUpdates: endpoint({
    method: 'GET', path: '/admin/updates', policy: 'admin', roles: BOOKKEEPING, tag: 'Updates',
    summary: 'Every update with its audience and attachments, withdrawn ones too, newest first.',
    response: UP.AdminUpdatesResponse,
  }),
  updates: endpoint({
    method: 'GET', path: '/api/updates', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Updates',
    summary: "An investor's updates from the manager, newest first, with the ids of attached documents (their own; an admin names anyone's).",
    query: UP.UpdatesQuery, response: UP.UpdatesResponse, refusals: [404],
  }),

  // ---- capital calls --------------------------------------------------------------------------------
  issueCapitalCall: endpoint({
    method: 'POST', path: '/admin/issue_capital_call', policy: 'admin', tag: 'Capital calls',
    summary: "Asks a property's investors for money: split by each one's capital in the property today (largest remainder), or the amounts typed per investor (`lines`, adding up to `amount`); each investor is told.",
    body: CC.IssueCapitalCallRequest, response: CC.IssueCapitalCallResponse, status: 201, message: 'Capital call issued', idempotent: true,
  }),
  recordCallReceipt: endpoint({
    method: 'POST', path: '/admin/record_call_receipt', policy: 'admin', roles: BOOKKEEPING, tag: 'Capital calls',
    summary: "Records money received for a capital call: an investment of the investor in the call's property, dated `date`, linked to their line of the call.",
    body: CC.RecordCallReceiptRequest, response: CC.RecordCallReceiptResponse, status: 201, message: 'Receipt recorded as an investment',
    idempotent: true, refusals: [404, 409],
  }),
  investorCorrections: endpoint({
    method: 'GET', path: '/api/investor_corrections', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Investor portal',
    summary: "Every void, and every entry recorded into a period already shown to the investor, that changed their figures, newest first: the entry, the admin's reason, their share and what it changed (their own; an admin names anyone's).",
    query: IC.InvestorCorrectionsQuery, response: IC.InvestorCorrectionsResponse, refusals: [404],
  }),
  capitalCalls: endpoint({
    method: 'GET', path: '/api/capital_calls', policy: 'authenticated', roles: INVESTOR_PAGE, tag: 'Capital calls',
    summary: "An investor's capital calls, newest first, with what was asked, received and is outstanding (their own; an admin names anyone's).",
    query: CC.CapitalCallsQuery, response: CC.CapitalCallsResponse, refusals: [404],
  }),
  adminCapitalCalls: endpoint({
    method: 'GET', path: '/admin/capital_calls', policy: 'admin', roles: BOOKKEEPING, tag: 'Capital calls',
    summary: 'Every capital call, newest first, with what was asked, received and is outstanding, and who is late.',
    response: CC.AdminCapitalCallsResponse,
  }),
  capitalCall: endpoint({
    method: 'GET', path: '/admin/capital_call', policy: 'admin', roles: BOOKKEEPING, tag: 'Capital calls',
    summary: "A capital call's lines: each investor's capital, share, receipts and what is outstanding.",
    query: CC.CapitalCallQuery, response: CC.CapitalCallResponse, refusals: [404],
  }),
  previewCapitalCall: endpoint({
    method: 'GET', path: '/admin/preview_capital_call', policy: 'admin', roles: BOOKKEEPING, tag: 'Capital calls',
    summary: "The split a capital call of `amount` would make today: each investor's capital in the property and share. Writes nothing.",
    query: CC.PreviewCapitalCallQuery, response: CC.PreviewCapitalCallResponse, refusals: [404],
  }),
  remindCapitalCall: endpoint({
    method: 'POST', path: '/admin/remind_capital_call', policy: 'admin', tag: 'Capital calls',
    summary: 'Reminds by e-mail each investor who still owes something on a capital call.',
    body: CC.CallIdRequest, response: CC.RemindCapitalCallResponse, message: 'Reminder sent to {reminded} investors', refusals: [404, 409],
  }),
  cancelCapitalCall: endpoint({
    method: 'POST', path: '/admin/cancel_capital_call', policy: 'admin', tag: 'Capital calls',
    summary: 'Cancels a capital call nothing was received for yet; investors no longer see it.',
    body: CC.CancelCapitalCallRequest, response: MessageResponse, message: 'Capital call cancelled', refusals: [404, 409],
  }),
  // ---- staff, delegates, entities (issue 29; docs/decisions.md 42) -------------------------------------
  inviteStaff: endpoint({
    method: 'POST', path: '/admin/invite_staff', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: 'Invites a staff member (admin, bookkeeper, or auditor of the LLCs named): a one-time secret that registers through /auth/register. Two-factor sign-in is required of staff.',
    body: AC.InviteStaffRequest, response: AC.InviteStaffResponse, status: 201,
    message: 'Invitation created. Give {name} this one-time secret to register: {registration_secret}', refusals: [404],
    headers: { 'cache-control': 'no-store' },
  }),
  staff: endpoint({
    method: 'GET', path: '/admin/staff', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: 'The staff logins and invitations: role, LLCs, two-factor, last sign-in, whether access has ended.',
    response: AC.StaffResponse,
  }),
  changeStaffRole: endpoint({
    method: 'POST', path: '/admin/change_staff_role', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: "Changes a staff member's role (and an auditor's LLCs); their open sessions end so the new role holds at once. The last admin cannot be changed.",
    body: AC.ChangeStaffRoleRequest, response: MessageResponse, message: 'Role changed', refusals: [404, 409],
  }),
  endStaffAccess: endpoint({
    method: 'POST', path: '/admin/end_staff_access', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: "Ends a staff member's access: the login is disabled, its sessions and API tokens stop at once. The last admin cannot be ended.",
    body: AC.EndStaffAccessRequest, response: MessageResponse, message: 'Access ended', refusals: [404, 409],
  }),
  delegates: endpoint({
    method: 'GET', path: '/api/delegates', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'Staff and access', sessionOnly: true,
    summary: "The people an investor lets read their page (figures, documents), invited, active or revoked. An admin names the investor.",
    query: AC.DelegatesQuery, response: AC.DelegatesResponse, refusals: [404],
  }),
  inviteDelegate: endpoint({
    method: 'POST', path: '/api/invite_delegate', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'Staff and access', sessionOnly: true,
    summary: "Invites a delegate to read an investor's page (a spouse, an advisor, a family office): by e-mail when mail is on and an address is given, else a one-time secret to pass on. A delegate changes nothing.",
    body: AC.InviteDelegateRequest, response: AC.InviteDelegateResponse, status: 201, message: 'Delegate invited', refusals: [404],
    headers: { 'cache-control': 'no-store' },
  }),
  revokeDelegate: endpoint({
    method: 'POST', path: '/api/revoke_delegate', policy: 'authenticated', roles: INVESTOR_OWN, tag: 'Staff and access', sessionOnly: true,
    summary: "Ends a delegate's reading of this investor's page (or cancels an unused invitation) at once.",
    body: AC.RevokeDelegateRequest, response: MessageResponse, message: 'Delegate access ended', refusals: [404, 409],
  }),
  myInvestors: endpoint({
    method: 'GET', path: '/api/my_investors', policy: 'authenticated', roles: ['investor', 'delegate'], tag: 'Investor portal',
    summary: "The investor records this login reads: its own, its other entities (an IRA, a trust) and the pages it reads as a delegate; the investor page's switcher.",
    response: AC.MyInvestorsResponse,
  }),
  investorCombined: endpoint({
    method: 'GET', path: '/api/investor_combined', policy: 'authenticated', roles: ['investor'], tag: 'Investor portal',
    summary: "The combined view of a login's own entities: the sums of the figures that add, and the XIRR and multiple of the combined flows.",
    query: AC.CombinedQuery, response: AC.CombinedResponse, refusals: [404],
  }),
  investorAccess: endpoint({
    method: 'GET', path: '/admin/investor_access', policy: 'admin', tag: 'Staff and access',
    summary: "The investor records a login holds besides its own (one person's IRA, trust, LLC).",
    query: AC.InvestorAccessQuery, response: AC.InvestorAccessResponse, refusals: [404],
  }),
  grantInvestorAccess: endpoint({
    method: 'POST', path: '/admin/grant_investor_access', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: "Lets an investor's login hold another investor record of the same person (an IRA, a trust): its switcher and combined view show it.",
    body: AC.InvestorAccessRequest, response: MessageResponse, message: 'Access granted', refusals: [404, 409],
  }),
  revokeInvestorAccess: endpoint({
    method: 'POST', path: '/admin/revoke_investor_access', policy: 'admin', tag: 'Staff and access', sessionOnly: true,
    summary: 'Takes an investor record granted to a login away from it, at once.',
    body: AC.InvestorAccessRequest, response: MessageResponse, message: 'Access removed', refusals: [404],
  }),

  // ---- personal API tokens ---------------------------------------------------------------------------
  createApiToken: endpoint({
    method: 'POST', path: '/auth/api_tokens', policy: 'authenticated', tag: 'API tokens', sessionOnly: true,
    summary: "Creates a personal API token carrying this user's role (or only reads): answered once, kept only as a hash. Use it as `Authorization: Bearer …` on the API and at /mcp.",
    body: AC.CreateApiTokenRequest, response: MessageResponse.extend(AC.CreateApiTokenResponse.shape), status: 201, refusals: [409],
    message: 'Token created. Copy it now: it is shown only once.', headers: { 'cache-control': 'no-store' },
  }),
  apiTokens: endpoint({
    method: 'GET', path: '/auth/api_tokens', policy: 'authenticated', tag: 'API tokens', sessionOnly: true,
    summary: "This user's API tokens: name, created, last used, expiry, whether read-only; never the token.",
    response: AC.ApiTokensResponse,
  }),
  revokeApiToken: endpoint({
    method: 'POST', path: '/auth/revoke_api_token', policy: 'authenticated', tag: 'API tokens', sessionOnly: true,
    summary: 'Revokes one of your API tokens: it stops working at once.',
    body: AC.RevokeApiTokenRequest, response: MessageResponse, message: 'Token revoked', refusals: [404],
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The void call of each viewer family. */
export const VOID_ENDPOINTS = {
  income: endpoints.deleteIncome,
  expense: endpoints.deleteExpense,
  deposit: endpoints.deleteDeposit,
  lc_payment: endpoints.deleteLcPayment,
  llc_expense: endpoints.deleteLlcExpense,
  investment: endpoints.deleteInvestment,
  withdrawal: endpoints.deleteWithdrawal,
} as const satisfies Record<V.VoidFamily, Endpoint>;
