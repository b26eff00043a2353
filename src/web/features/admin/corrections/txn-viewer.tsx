import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import type { Endpoint, QueryInput, Reply } from '../../../../contract/endpoint';
import { endpoints, VOID_ENDPOINTS } from '../../../../contract/endpoints';
import type { TxnRow } from '../../../../contract/schemas/viewers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { call, errorText } from '../../../lib/api-client';
import { csvFileName } from '../../../lib/csv-export';
import { formatCurrency, formatDate } from '../../../lib/format';
import { queryKeyOf, useEndpointQuery, useInvalidation } from '../../../lib/queries';
import { mayCall, useRole } from '../../../lib/role';
import { correctionHref } from '../shared/entry-forms';
import { shownDetail } from './txn-detail';
import { isFiltered, matchesFilter, NO_FILTER, TxnFilterBar, type TxnFilter } from './txn-filter';
import { TxnTable, type TxnTableSpec } from './txn-table';

export type { TxnTableSpec } from './txn-table';

/**
 * The transaction viewers (docs/product.md "Screens": Delete Property / LLC Transaction, its forms and messages): choose a
 * property, LLC or investor, see all its rows table by table, narrowed by a search and a date range if
 * wished, delete one after a confirmation. A delete voids the row on the server; the tables then load
 * again. "Show voided" lists the voided rows too, struck through, with who voided them, when and why.
 *
 * A row's buttons say what they do: "Void" (the spec fixes only the confirmation's question,
 * which keeps its words) and "Correct", which opens the row's recording form filled in with it. An
 * address may choose whose rows show and mark one (?name=…&entry=…: a receipt's "See it").
 */

/** A viewer read of the table: its query names whose rows, its answer holds a list of rows per table. */
export type ViewerEndpoint = Endpoint & { method: 'GET'; query: z.ZodObject };

type Props<E extends ViewerEndpoint> = {
  id: string;
  /** What the viewer lists, first in its CSV files' names: "Property Transactions - P - Income.csv". */
  fileTitle: string;
  selectLabel: string;
  placeholder: string;
  options: readonly string[];
  endpoint: E;
  /** The query field that names whose rows are shown (selectedProperty, selectedLLC, investor_name). */
  nameField: Extract<keyof QueryInput<E>, string>;
  tables: readonly TxnTableSpec<Extract<keyof Reply<E>, string>>[];
};

type Pending<K extends string> = { table: TxnTableSpec<K>; row: TxnRow };

export function TxnViewer<E extends ViewerEndpoint>({ id, fileTitle, selectLabel, placeholder, options, endpoint, nameField, tables }: Props<E>) {
  type K = Extract<keyof Reply<E>, string>;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const asked = params.get('name');
  const [name, setName] = useState(() => (asked && options.includes(asked) ? asked : ''));
  const marked = Number(params.get('entry')) || null;
  const [showVoided, setShowVoided] = useState(false);
  const [filter, setFilter] = useState<TxnFilter>(NO_FILTER);
  const [pending, setPending] = useState<Pending<K> | null>(null);
  const [reason, setReason] = useState('');
  // Confirmed without a reason: said beside the field, and nothing is sent.
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  // The reason typed for a void that failed: offered again when the same row's dialog is opened again.
  const unsent = useRef<{ id: number; reason: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ key: K; message: string } | null>(null);
  const headings = useRef(new Map<K, HTMLHeadingElement>());
  const reasonId = useId();
  const invalidate = useInvalidation();
  // Voids and corrections are the roles the table names (a bookkeeper reads the rows, an admin undoes them).
  const role = useRole();
  const canCorrect = mayCall(role, endpoints.correctEntry);
  const readOnly = tables.some((t) => !mayCall(role, VOID_ENDPOINTS[t.family])) || !canCorrect;

  const query = { [nameField]: name, include_voided: showVoided ? 'true' : 'false' } as QueryInput<E>;
  const { data, error } = useEndpointQuery(endpoint, query, {
    enabled: name !== '',
    // Switching "Show voided" keeps the rows on screen until the new ones arrive; another choice does not.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[1] as Record<string, unknown> | undefined)?.[nameField] === name ? previous : undefined,
    meta: { onError: (err) => console.error(errorText(err)) },
  });
  const rows = data as Record<K, TxnRow[]> | undefined;

  const choose = (which: string) => {
    setName(which);
    setFailure(null);
  };

  /** Reads the row's entry (its kind and form), then opens that form filled in with it. */
  const correct = async (key: K, row: TxnRow) => {
    const query = { id: String(row.id) };
    try {
      const { entries } = await client.fetchQuery({
        queryKey: queryKeyOf(endpoints.ledgerEntries, query),
        queryFn: ({ signal }) => call(endpoints.ledgerEntries, { query }, { signal }),
      });
      const entry = entries[0];
      if (!entry) throw new Error(`Entry ${row.id} was not found.`);
      await navigate(correctionHref(entry));
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      setFailure({ key, message: `The correction could not be opened. ${message}` });
    }
  };

  const confirmDelete = async () => {
    if (!pending || busy) return;
    const { table, row } = pending;
    // Investors read the reason on their Corrections card (docs/decisions.md 50), so the screen asks for one;
    // the API still takes the specification's delete calls without it.
    if (!reason.trim()) {
      setReasonMissing(true);
      reasonRef.current?.focus();
      return;
    }
    const voidEndpoint = VOID_ENDPOINTS[table.family];
    setBusy(true);
    try {
      const { message } = await call(voidEndpoint, {
        body: { id: row.id, amount: row.amount, detail: row.detail, date: row.date, reason: reason.trim() },
      });
      unsent.current = null;
      flushSync(() => {
        setBusy(false);
        setPending(null);
        setFailure(null);
      });
      window.alert(message);
      await invalidate(voidEndpoint);
      // The row and its button are gone: focus goes to the table it was in.
      headings.current.get(table.key)?.focus();
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      unsent.current = { id: row.id, reason };
      flushSync(() => {
        setBusy(false);
        setPending(null);
        setFailure({ key: table.key, message: `Failed to delete ${table.type}. ${message}` });
      });
      window.alert(`Failed to delete ${table.type}.`);
    }
  };

  const selectId = `${id}-select`;
  const switchId = `${id}-show-voided`;
  return (
    <div className="txn-viewer">
      <div className="row g-3 align-items-end mb-4">
        <div className="col-12 col-md-6 col-lg-5">
          <label htmlFor={selectId} className="form-label">
            {selectLabel}
          </label>
          <select id={selectId} className="form-select" value={name} onChange={(e) => choose(e.target.value)}>
            <option value="">{placeholder}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-auto">
          <div className="form-check form-switch mb-md-2">
            <input id={switchId} className="form-check-input" type="checkbox" role="switch" checked={showVoided}
              onChange={(e) => setShowVoided(e.target.checked)} />
            <label className="form-check-label" htmlFor={switchId}>
              Show voided
            </label>
          </div>
        </div>
      </div>

      {!name && <p className="txn-muted mb-0">Choose one to see its transactions.</p>}
      {name && !rows && !error && <p className="mb-0">Loading...</p>}
      {name && error && <FormError message={`The transactions could not be loaded: ${errorText(error)}`} />}
      {name && rows && !error && readOnly && (
        <p className="txn-muted small mb-3" data-testid="txn-read-only">
          Your role reads these entries. Voiding or correcting one is an administrator&apos;s to do: ask one if an entry is wrong.
        </p>
      )}
      {name && rows && !error && <TxnFilterBar id={`${id}-filter`} filter={filter} onChange={setFilter} />}
      {name && rows && !error && (
        <div className="d-grid gap-4">
          {tables.map((table) => (
            <TxnTable
              key={table.key}
              id={`${id}-${table.key}`}
              table={table}
              rows={(rows[table.key] ?? []).filter((r) => matchesFilter(r, filter))}
              total={(rows[table.key] ?? []).length}
              filtered={isFiltered(filter)}
              csvFile={csvFileName(fileTitle, name, table.title, isFiltered(filter) ? 'filtered' : '')}
              failure={failure?.key === table.key ? failure.message : null}
              headingRef={(el) => {
                if (el) headings.current.set(table.key, el);
                else headings.current.delete(table.key);
              }}
              onDelete={mayCall(role, VOID_ENDPOINTS[table.family]) ? (row) => {
                setReason(unsent.current?.id === row.id ? unsent.current.reason : '');
                setReasonMissing(false);
                setPending({ table, row });
              } : undefined}
              onCorrect={canCorrect ? (row) => void correct(table.key, row) : undefined}
              marked={marked}
            />
          ))}
        </div>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Void ${pending.table.type}` : 'Void'}
        message={pending ? `Are you sure you want to delete ${pending.table.type} ID ${pending.row.id}?` : ''}
        confirmLabel="Void"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <dl className="confirm-dialog-row small mb-3">
            <div>
              <dt>Date</dt>
              <dd>{formatDate(pending.row.date)}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd className="money text-start">{formatCurrency(pending.row.amount)}</dd>
            </div>
            <div className="confirm-dialog-detail">
              <dt>Detail</dt>
              <dd>{shownDetail(pending.row.detail) || '—'}</dd>
            </div>
          </dl>
        )}
        <label htmlFor={reasonId} className="form-label">
          Reason
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </label>
        <input ref={reasonRef} id={reasonId} className={`form-control${reasonMissing ? ' is-invalid' : ''}`} type="text" maxLength={500}
          value={reason} readOnly={busy} placeholder="e.g. Entered twice" autoComplete="off"
          // Not `required`: the browser's own bubble would stop the submit before the dialog could say it in words.
          aria-required="true" aria-invalid={reasonMissing || undefined} aria-describedby={`${reasonId}-help${reasonMissing ? ` ${reasonId}-missing` : ''}`}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setReasonMissing(false);
          }} />
        {reasonMissing && (
          <div id={`${reasonId}-missing`} className="invalid-feedback d-block">
            Reason is required.
          </div>
        )}
        <div id={`${reasonId}-help`} className="form-text">
          Investors who hold a share of this entry will read this reason.
        </div>
        <div className="form-text">
          Voiding keeps the row, marked as voided, and in the audit log. To fix a typo in one step, use Correct instead.
        </div>
      </ConfirmDialog>
    </div>
  );
}
