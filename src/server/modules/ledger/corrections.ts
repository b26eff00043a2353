import type { z } from 'zod';
import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import { CORRECTING_FORMS, correctingFormOf, type CorrectingForm, type EntryKind } from '../../../contract/schemas/corrections.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import { requireOpenPeriod } from '../period-lock/period-lock.js';
import { OverdrawError } from './balance-guard.js';
import { appendEntry, type EntryBuilder } from './entry-writer.js';
import { findEntryForUpdate } from './ledger.repository.js';
import { appendVoidAudit, balanceWords, lockBalanceOf, markVoided, negativeBalanceDate } from './voids.js';

/** The entry of each recording form, built as that form's call builds it (recording and withdrawals services). */
export type FormBuilders = { [F in CorrectingForm]: EntryBuilder<z.output<(typeof CORRECTING_FORMS)[F]>> };

/** Zod's first issue as one sentence, as the API's 400s read (plugins/error-handler.ts): "Amount is required.". */
export function issueSentence(issue: z.core.$ZodIssue | undefined): string {
  const message = issue?.message ?? 'is not valid';
  if (/^[A-Z]/.test(message)) return message;
  const path = (issue?.path ?? []).map(String).join(' ').replaceAll('_', ' ');
  const subject = path ? path.charAt(0).toUpperCase() + path.slice(1) : 'The entry';
  return `${subject} ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
}

/**
 * Correct in one step (docs/rules/ledger.md "Deleting is voiding": a correction is a void and a fresh entry): the entry is
 * voided with the reason and the corrected entry recorded, in one transaction under one
 * Idempotency-Key, each with its audit row (the void first; the record names the entry it corrects).
 *
 * Every rule of both halves holds: the entry must be live; both dates must be outside a closed period;
 * the corrected entry is checked as its form's call checks it (its fields by the same schema, names,
 * property types, a withdrawal against its maximum with the old amount given back first). A correction
 * that would overdraw (a withdrawal over what is left, or capital or deposits below zero on any date once
 * the old entry is gone and the new one is in) is refused with 409, and nothing changes.
 */
export function createCorrectionsService({ clock, runOnce, builders }: { clock: Clock; runOnce: RunOnce; builders: FormBuilders }) {
  return {
    correct(input: ParsedBody<Endpoints['correctEntry']>, ctx: WriteContext): Promise<{ id: number; voided_id: number }> {
      return runOnce(ctx.userId, ctx.idempotency, async (tx) => {
        const row = await findEntryForUpdate(tx, input.id);
        if (!row) throw new NotFoundError(`No entry with ID ${input.id}.`);
        if (row.voidedAt) throw new ConflictError(`Entry ID ${input.id} is already voided: correct the entry that replaced it.`);
        const form = correctingFormOf(row.kind as EntryKind, input.entry);
        const parsed = CORRECTING_FORMS[form].safeParse(input.entry);
        if (!parsed.success) throw new ValidationError(issueSentence(parsed.error.issues[0]));
        await requireOpenPeriod(tx, row, row.date);

        await lockBalanceOf(tx, row);
        const at = clock.now();
        const reason = `Corrected: ${input.reason}`;
        const linked = await markVoided(tx, row, { at, by: ctx.userId, reason });
        await appendVoidAudit(tx, ctx, row, { at, reason, linked });
        let entry;
        try {
          entry = await (builders[form] as EntryBuilder<unknown>)(tx, parsed.data);
        } catch (err) {
          // Over a maximum, or capital or deposits below zero: the whole correction is a conflict with the books.
          if (err instanceof OverdrawError) throw new ConflictError(`This correction cannot be saved: ${err.message.replace(/\.$/, '')}.`);
          throw err;
        }
        const recorded = await appendEntry(tx, ctx, entry, at, { corrects: row.id, correction_reason: input.reason });
        const negativeOn = await negativeBalanceDate(tx, row);
        if (negativeOn) {
          throw new ConflictError(`This correction cannot be saved: it would make ${balanceWords(row)} negative on ${dateText(negativeOn)}.`);
        }
        return { id: recorded.id, voided_id: row.id };
      });
    },
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
