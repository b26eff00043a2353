import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { balanceWords, lockBalancesOf, lockEntries, negativeBalanceDate, voidMany } from '../ledger/ledger.js';
import { requireOpenPeriod } from '../period-lock/period-lock.js';
import { liveEntriesOf, lockImport, markUndone } from './bank-import.repository.js';
import { withCachedLookups } from './cached-lookups.js';

type UndoInput = ParsedBody<Endpoints['bankImportUndo']>;

/** Voids written per statement (as commit-import.ts writes its entries). */
const VOID_BATCH = 1_000;

/**
 * Undoes a committed import: every entry it recorded that is still live is voided as the transaction
 * viewer voids one (period lock, balance locks, the linked rows, an audit row each), in batched statements,
 * and its lines stop being live, so the statement can be imported again. One entry in a closed period, or
 * a balance that would go below zero once they are gone, refuses the undo and nothing changes.
 */
export function createUndoImport({ db, clock }: { db: Db; clock: Clock }) {
  return (input: UndoInput, ctx: WriteContext): Promise<{ import_id: number; voided: number }> =>
    db.transaction(async (tx) => {
      const row = await lockImport(tx, input.import_id);
      if (!row) throw new NotFoundError(`No import ${input.import_id}.`);
      if (row.state === 'previewed') throw new ConflictError(`Import ${row.id} was not recorded: there is nothing to undo.`);
      if (row.state === 'undone') throw new ConflictError(`Import ${row.id} was already undone.`);
      const refuse = (why: string) => new ConflictError(`Import ${row.id} cannot be undone: ${why.charAt(0).toLowerCase()}${why.slice(1)}`);

      const lookups = withCachedLookups(tx); // the closed-through date of each LLC, read once
      const entries = (await lockEntries(tx, await liveEntriesOf(tx, row.id))).filter((e) => !e.voidedAt); // voided by hand since: left
      for (const entry of entries) {
        try {
          await requireOpenPeriod(lookups, entry, entry.date);
        } catch (err) {
          throw err instanceof AppError ? refuse(err.message) : err;
        }
      }
      await lockBalancesOf(lookups, entries);
      const at = clock.now();
      const reason = `Bank import ${row.id} undone`;
      // In steps of a thousand, in this one transaction: on PGlite a statement's parameters and work live in
      // WebAssembly memory, which never shrinks, and 10,000 voids in one statement grew it by 57 MB (docs/performance.md).
      for (let i = 0; i < entries.length; i += VOID_BATCH) {
        await voidMany(tx, ctx, entries.slice(i, i + VOID_BATCH), { at, reason }, { bank_import: row.id });
      }
      // Checked once all are gone: an investment and the withdrawal out of it leave together.
      for (const entry of entries) {
        const negativeOn = await negativeBalanceDate(tx, entry);
        if (negativeOn) throw refuse(`it would make ${balanceWords(entry)} negative on ${dateText(negativeOn)}.`);
      }
      await markUndone(tx, row.id, { by: ctx.userId, at });
      await auditChange(tx, ctx, at, {
        action: 'bank_import_undo', entity: 'bank_import', id: row.id,
        before: { state: 'committed' }, after: { state: 'undone', llc: row.llcName, file_name: row.fileName, voided: entries.length },
      });
      return { import_id: row.id, voided: entries.length };
    });
}
