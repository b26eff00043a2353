/**
 * The ledger module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * The ledger owns every write to ledger_entry (recording through the entry writer, voids, corrections)
 * and the running check of the balances those writes may not take below zero.
 */
export { appendEntries, appendEntry, createEntryWriter, type Entry, type EntryBuilder, type EntryWriter } from './entry-writer.js';
export { createVoidService, type VoidService } from './voids.js';
// The steps of one void, for a caller that voids many entries in its own transaction (a bank import's undo).
export { balanceWords, lockBalanceOf, lockBalancesOf, lockEntries, negativeBalanceDate, voidMany, type VoidedRow } from './voids.js';
export { createCorrectionsService, issueSentence, type CorrectionsService, type FormBuilders } from './corrections.js';
export { CashOverdrawError, firstDateBelowZero, lockBalance, lockCashBalances, OverdrawError, type Balance, type RunningBalance } from './balance-guard.js';
export {
  ENTRY_NAMES,
  listEntries,
  listTransactions,
  type EntryListRow,
  type LedgerKind,
  type TxnListRow,
} from './ledger.repository.js';
