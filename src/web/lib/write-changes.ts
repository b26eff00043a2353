import type { Endpoint } from '../../contract/endpoint';
import { endpoints as E, VOID_ENDPOINTS } from '../../contract/endpoints';

/**
 * What each write changes, for the query cache to load again (queries.ts, useInvalidation). Apart from
 * queries.ts because it needs the endpoint table's entries, and with them zod and every schema: the
 * investor page and the sign-in screen write nothing, so they load without it; the first write loads it.
 */

/** The admin's reports: every figure of the books shows in one of them. */
const REPORTS: readonly Endpoint[] = [E.adminSummary, E.propertyDetails, E.llcTaxes, E.propertyTaxes];
/** Reads a money movement changes: balances, maximums, viewers, the investor pages and the reports. */
const BOOKS: readonly Endpoint[] = [
  E.maxCashWithdrawal, E.maxInvestmentWithdrawal, E.maxDepositWithdrawal, E.propertyTxns, E.llcTxns, E.investorTxns,
  E.investorSummary, E.investorProperty, E.explain, E.ledgerEntries, ...REPORTS,
  // A void, or an entry recorded into a period already shown to an investor, is listed on their Corrections card.
  E.investorCorrections,
  // A land-contract payment (or its void) moves the contract's balance, schedule and payoff.
  E.landContracts, E.lcSchedule, E.lcPayoff,
];
/** Writes that add a name to the admin selectors' lists (and so to the reports that list names). */
const HELPER_LISTS: readonly Endpoint[] = [E.adminHelpers, ...REPORTS];

/** What each write changes (every write also adds to the audit trail). */
const CHANGES = new Map<string, readonly Endpoint[]>([
  [E.addInvestor.path, HELPER_LISTS],
  [E.addInvestmentProperty.path, HELPER_LISTS],
  [E.addLlc.path, [...HELPER_LISTS, E.periodLocks]],
  [E.setPeriodLock.path, [E.periodLocks]],
  [E.totpEnable.path, [E.totpStatus]],
  [E.totpDisable.path, [E.totpStatus]],
  [E.recoveryCodes.path, [E.totpStatus]],
  // A new password lifts the wait the login summary shows.
  [E.resetPortalUserPassword.path, [E.loginSummary]],
  [E.addLoren.path, HELPER_LISTS],
  [E.addExpenseCategory.path, HELPER_LISTS],
  [E.setInvestorFee.path, BOOKS],
  [E.setPropertyNotes.path, [E.getPropertyNotes, E.investorProperty]],
  // An upload given a property becomes its picture on the investors' pages.
  [E.uploadPicture.path, [E.investorSummary]],
  [E.updateLlc.path, [E.getLlc, E.llcTaxes]],
  // The login goes from the login summary and the portal users' list; the investor stays.
  [E.deletePortalUser.path, [E.loginSummary, E.adminHelpers]],
  // A distribution run: its drafts change only the runs; its approval moves money like the withdrawals it records.
  ...[E.draftDistributionRun, E.changeDistributionLine, E.cancelDistributionRun]
    .map((w): [string, readonly Endpoint[]] => [w.path, [E.distributionRuns, E.distributionRun]]),
  [E.approveDistributionRun.path, [E.distributionRuns, E.distributionRun, ...BOOKS]],
  // A published period is listed for the admin and on its investors' pages.
  [E.publishStatements.path, [E.statementPublications, E.publishedStatements]],
  // Published K-1s are documents of the vault, each member's to download.
  [E.publishK1Batch.path, [E.k1Status, E.k1Batch, E.adminDocuments, E.documents]],
  [E.discardK1Batch.path, [E.k1Status, E.k1Batch]],
  // A bank account change shows on the investor's Account page and in the admin's pending list.
  [E.changeBankAccount.path, [E.bankAccount, E.bankChanges]],
  [E.approveBankChange.path, [E.bankAccount, E.bankChanges]],
  [E.rejectBankChange.path, [E.bankAccount, E.bankChanges]],
  [E.changeAchSettings.path, [E.achSettings]],
  // A delegate invited or revoked shows in the investor's list at once (the delegate's own page reads on its next load).
  [E.inviteDelegate.path, [E.delegates]],
  [E.revokeDelegate.path, [E.delegates]],
  // A personal API token made or revoked shows in the Account page's list at once.
  [E.createApiToken.path, [E.apiTokens]],
  [E.revokeApiToken.path, [E.apiTokens]],
  // Staff invited, changed or ended show in the staff list; an investor record granted or removed in the login's list.
  ...[E.inviteStaff, E.changeStaffRole, E.endStaffAccess].map((w): [string, readonly Endpoint[]] => [w.path, [E.staff]]),
  [E.grantInvestorAccess.path, [E.investorAccess]],
  [E.revokeInvestorAccess.path, [E.investorAccess]],
  // A capital call shows in the admin's list and on its investors' pages; a receipt is an investment too.
  [E.issueCapitalCall.path, [E.adminCapitalCalls, E.capitalCall, E.capitalCalls]],
  [E.cancelCapitalCall.path, [E.adminCapitalCalls, E.capitalCall, E.capitalCalls]],
  [E.recordCallReceipt.path, [E.adminCapitalCalls, E.capitalCall, E.capitalCalls, ...BOOKS]],
  // Bank statements in: an LLC's accounts and rules show in their cards; a commit or undo moves money like the forms.
  ...[E.addLlcBankAccount, E.changeLlcBankAccount].map((w): [string, readonly Endpoint[]] => [w.path, [E.llcBankAccounts]]),
  ...[E.addBankRule, E.changeBankRule, E.deleteBankRule].map((w): [string, readonly Endpoint[]] => [w.path, [E.bankRules]]),
  [E.bankImportCommit.path, [E.bankImport, E.bankImports, E.bankRules, ...BOOKS]],
  [E.bankImportUndo.path, [E.bankImport, E.bankImports, ...BOOKS]],
  // A contract's terms make its schedule and payoff and its tax split; a federal rate can change the split.
  [E.setLandContractTerms.path, [E.landContracts, E.lcSchedule, E.lcPayoff, ...REPORTS]],
  [E.setFederalRate.path, [E.federalRates, E.llcTaxes, E.propertyTaxes]],
  ...[
    E.recordPropertyIncome, E.recordLorenIncome, E.recordLcPayment, E.recordPropertyExpense, E.recordInvestorPropertyExpense,
    E.recordLlcExpense, E.addRentalDeposit, E.addInvestment, E.recordCashWithdrawal, E.recordInvestmentWithdrawal,
    E.recordDepositWithdrawal, E.correctEntry, ...Object.values(VOID_ENDPOINTS),
  ].map((w): [string, readonly Endpoint[]] => [w.path, BOOKS]),
]);

/** The reads a write changes; every write also adds to the audit trail. */
export const changedBy = (write: Pick<Endpoint, 'path'>): readonly Endpoint[] => [...(CHANGES.get(write.path) ?? []), E.auditLog];
