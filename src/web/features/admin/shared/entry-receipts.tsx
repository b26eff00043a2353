import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { QueryInput } from '../../../../contract/endpoint';
import { endpoints } from '../../../../contract/endpoints';
import type { CorrectingForm, LedgerEntryRow } from '../../../../contract/schemas/corrections';
import { call, errorText } from '../../../lib/api-client';
import { centsOf, parseCents } from '../../../lib/cents';
import { formatCurrency, formatDate, formatMonth } from '../../../lib/format';
import { queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { correctionHref, entryWords, formOfEntry, kindOfForm, PLURALS, USUAL_WORDS, valuesOfEntry, viewerOf } from './entry-forms';
import { unusualAmountQuestion } from './unusual-amount';

/**
 * What a recording form leaves behind, and its one-step correction (docs/api.md "Receipts and corrections"):
 *
 * - `EntryReceipt`: after the spec's alert, what was recorded, for whom, the amount and the date, with
 *   links to see it in its viewer and to correct it. It stays until the next save or until dismissed.
 * - `RecentEntries`: the last entries of the form's kind, newest recorded first, each with Correct.
 * - `useCorrection`: /admin?action=…&correct={id} fills the form with entry {id}; saving sends the form's
 *   body to POST /admin/correct_entry with the reason, which voids the entry and records the new one at once.
 * - `useUnusualAmount`: "Is this right?" before saving an amount over ten times the median of its kind.
 */

const ENTRIES = endpoints.ledgerEntries;
type EntriesQuery = QueryInput<typeof ENTRIES>;

/** One entry by id (voided ones too). */
function useEntry(id: number | null) {
  const read = useEndpointQuery(ENTRIES, { id: String(id ?? 0) }, { enabled: id !== null });
  return { entry: id === null ? undefined : read.data?.entries[0], loading: id !== null && read.isPending, error: read.error };
}

/** Kinds whose form chooses the month the entry belongs to. */
const MONTHLY: ReadonlySet<string> = new Set(['property_income', 'property_expense', 'investor_property_expense']);

/** Receipt of a save: the entry recorded, and the entry a correction voided. */
export type Receipt = { id: number; voidedId?: number };

export function EntryReceipt({ receipt, onDismiss }: { receipt: Receipt; onDismiss: () => void }) {
  const { entry, error } = useEntry(receipt.id);
  // A correction voids the entry: only the roles the table lets correct are offered it (not a bookkeeper).
  const canCorrect = useMayCall(endpoints.correctEntry);
  const title = receipt.voidedId
    ? `Corrected: entry ${receipt.voidedId} is voided and recorded again as entry ${receipt.id}.`
    : `Recorded as entry ${receipt.id}.`;
  return (
    <div className="entry-receipt mt-3" role="status">
      <div className="d-flex align-items-start gap-2">
        <div className="flex-grow-1">
          <p className="entry-receipt-title mb-1">{title}</p>
          {entry && (
            <p className="mb-2 entry-receipt-what">
              {entryWords(entry)}, dated {formatDate(entry.date)}
              {MONTHLY.has(entry.kind) && !entry.period_start ? `, for ${formatMonth(entry.for_month)}` : ''}
              {entry.period_start && entry.period_end ? `, earned ${formatDate(entry.period_start)} to ${formatDate(entry.period_end)}` : ''}.
              {entry.description ? <span className="entry-receipt-description"> “{entry.description}”</span> : null}
            </p>
          )}
          {error && <p className="mb-2 small">The entry could not be read back: {errorText(error)}</p>}
          {entry && (
            <div className="d-flex flex-wrap gap-2">
              <Link className="btn btn-sm btn-outline-primary" to={viewerOf(entry).href}>
                See it in {viewerOf(entry).title}
              </Link>
              {canCorrect && (
                <Link className="btn btn-sm btn-outline-secondary" to={correctionHref(entry)}>
                  Correct it
                </Link>
              )}
            </div>
          )}
        </div>
        <button type="button" className="btn-close" aria-label="Dismiss the receipt" onClick={onDismiss} />
      </div>
    </div>
  );
}

/** The last entries of a form's kind, newest recorded first (voided ones marked), each with Correct. */
export function RecentEntries({ form, id }: { form: CorrectingForm; id: string }) {
  const kind = kindOfForm(form);
  const { data, error, isPending } = useEndpointQuery(ENTRIES, { kind, include_voided: 'true', limit: '5' });
  const titleId = `${id}-recent-title`;
  const entries = data?.entries ?? [];
  const canCorrect = useMayCall(endpoints.correctEntry);
  return (
    <section className="recent-entries mt-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 fw-semibold mb-1">
        Recently recorded
      </h3>
      <p className="small txn-muted mb-2">The last 5 {PLURALS[kind]}, newest first.</p>
      {isPending && <p className="small mb-0">Loading...</p>}
      {error && <p className="small mb-0">They could not be loaded: {errorText(error)}</p>}
      {data && entries.length === 0 && <p className="small txn-muted mb-0">None recorded yet.</p>}
      {entries.length > 0 && (
        <ol className="list-unstyled recent-entry-list mb-0">
          {entries.map((e) => (
            <RecentEntry key={e.id} entry={e} canCorrect={canCorrect} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RecentEntry({ entry: e, canCorrect }: { entry: LedgerEntryRow; canCorrect: boolean }) {
  const voided = Boolean(e.voided_at);
  const whom = [e.property ?? e.llc, e.investor, e.category].filter(Boolean).join(' · ');
  return (
    <li className={`recent-entry${voided ? ' recent-entry-voided' : ''}`} data-entry-id={e.id}>
      <div className="recent-entry-line">
        <span className="recent-entry-date">{formatDate(e.date)}</span>
        <span className="recent-entry-whom">{whom}</span>
        <span className="money recent-entry-amount">{formatCurrency(e.amount)}</span>
      </div>
      <div className="recent-entry-line small txn-muted">
        <span className="recent-entry-detail">
          ID {e.id}
          {e.description ? ` · ${e.description}` : ''}
          {voided ? ` · voided: ${e.void_reason ?? ''}` : ''}
        </span>
        {!voided && canCorrect && (
          <Link className="recent-entry-correct" to={correctionHref(e)}>
            Correct<span className="visually-hidden"> entry {e.id}</span>
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * The correction the address asks this form for (?correct={id}): the entry, the form's values that show
 * it, the reason typed, and `send`, which wraps the form's body in POST /admin/correct_entry.
 */
export function useCorrection(form: CorrectingForm) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('correct');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const { entry: read, loading } = useEntry(id);
  const entry = read && formOfEntry(read) === form ? read : undefined;
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const correct = useEndpointMutation(endpoints.correctEntry);
  const values = useMemo(() => (entry && !entry.voided_at ? valuesOfEntry(entry) : null), [entry]);

  const stop = useCallback(() => {
    setReason('');
    setReasonMissing(false);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('correct');
      return next;
    });
  }, [setParams]);

  const send = async (body: Record<string, unknown>) => {
    if (!entry) throw new Error('The entry to correct is not loaded yet.');
    if (reason.trim() === '') {
      setReasonMissing(true);
      throw new Error('Please give the reason for the correction.');
    }
    return correct.mutateAsync({ body: { id: entry.id, reason, entry: body } });
  };

  return {
    /** The entry being corrected, once read, if this form records its kind. */
    entry,
    /** This form corrects a live entry: its values fill the form, and a save corrects it. */
    active: values !== null,
    loading: loading && !entry,
    values,
    reason,
    setReason: (text: string) => {
      setReason(text);
      if (text.trim()) setReasonMissing(false);
    },
    reasonMissing,
    send,
    stop,
  };
}

export type Correction = ReturnType<typeof useCorrection>;

/** Above a form correcting an entry: which entry, what saving does, and the way out. */
export function CorrectionBanner({ correction }: { correction: Correction }) {
  const { entry } = correction;
  if (!entry) return null;
  if (entry.voided_at) {
    return (
      <div className="alert alert-secondary correction-banner" role="status">
        Entry {entry.id} is voided already ({entry.void_reason ?? 'no reason given'}): correct the entry that replaced it.{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={correction.stop}>
          Record a new entry instead
        </button>
      </div>
    );
  }
  return (
    <div className="correction-banner mb-3" role="status">
      <p className="fw-semibold mb-1">Correcting entry {entry.id}</p>
      <p className="mb-2">
        {entryWords(entry)}, dated {formatDate(entry.date)}. Saving voids entry {entry.id} and records the entry below in its place, in
        one step; both stay in the audit log.
      </p>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={correction.stop}>
        Cancel the correction
      </button>
    </div>
  );
}

/** The reason of a correction: a field of the form, required. */
export function CorrectionReason({ correction, id }: { correction: Correction; id: string }) {
  const inputId = useId();
  const feedbackId = `${id}-reason-feedback`;
  const helpId = `${id}-reason-help`;
  return (
    <div className="col-12">
      <label htmlFor={inputId} className="form-label">
        Reason for the correction
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </label>
      <input id={inputId} className={`form-control${correction.reasonMissing ? ' is-invalid' : ''}`} type="text" maxLength={500}
        required aria-invalid={correction.reasonMissing || undefined} aria-describedby={correction.reasonMissing ? `${feedbackId} ${helpId}` : helpId}
        value={correction.reason} onChange={(e) => correction.setReason(e.target.value)} placeholder="e.g. The late fee is $75, not $7,500"
        autoComplete="off" />
      <div id={helpId} className="form-text">Investors who hold a share of this entry will read this reason.</div>
      {correction.reasonMissing && (
        <div id={feedbackId} className="invalid-feedback d-block">
          Reason for the correction is required.
        </div>
      )}
    </div>
  );
}

/**
 * "Is this right?" for the form's body: its amount against the median of the last entries of its kind,
 * of the same property and category where there are at least three of them, else of the category, the
 * property, or the kind. The entry being corrected is left out of the sample.
 */
export function useUnusualAmount(form: CorrectingForm, leaveOut?: number) {
  const client = useQueryClient();
  return useCallback(
    async (body: Record<string, unknown>): Promise<string | null> => {
      const cents = parseCents(String(body.amount ?? ''));
      if (cents === null || cents === 0) return null;
      const kind = kindOfForm(form);
      const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
      const property = text(body.property_name);
      const category = text(body.income_category) ?? text(body.expense_category);
      const tiers: { property_name?: string; category?: string }[] = [
        ...(property && category ? [{ property_name: property, category }] : []),
        ...(category ? [{ category }] : []),
        ...(property ? [{ property_name: property }] : []),
        {},
      ];
      for (const tier of tiers) {
        const query: EntriesQuery = { kind, limit: '20', ...tier };
        const { entries } = await client.fetchQuery({
          queryKey: queryKeyOf(ENTRIES, query),
          queryFn: ({ signal }) => call(ENTRIES, { query }, { signal }),
          staleTime: 30_000,
        });
        const sample = entries.filter((e) => e.id !== leaveOut).map((e) => centsOf(e.amount));
        if (sample.length < 3) continue;
        const what = [tier.category, USUAL_WORDS[kind]].filter(Boolean).join(' ') + (tier.property_name ? ` for ${tier.property_name}` : '');
        return unusualAmountQuestion(cents, sample, what);
      }
      return null;
    },
    [client, form, leaveOut],
  );
}
