import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../../../contract/endpoints';
import type { K1BatchResponse } from '../../../../contract/schemas/k1-batches';
import { sizeText } from '../../../../contract/schemas/document-words';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { download, errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { useDownload } from '../../../lib/use-download';
import { doubleChoices, matchText, needsChoice, reviewOrder, type K1File } from './k1-words';

type Values = { rows: { file: string; investor_name: string }[] };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The matches of an uploaded batch, one row per file: the file (opened to check it), the member chosen
 * (the match preselected, any member choosable), and how it was matched. Files needing a choice come first,
 * highlighted; two files for one member are warned about. Publishing sends only the rows with a member.
 */
export function K1BatchReview({ batch, onFinished }: { batch: K1BatchResponse; onFinished: (message: string) => void }) {
  const id = useId();
  const files: K1File[] = reviewOrder(batch.files);
  const publish = useEndpointMutation(endpoints.publishK1Batch);
  const discard = useEndpointMutation(endpoints.discardK1Batch);
  const { busy: opening, error: openError, run } = useDownload();
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, watch, getValues } = useForm<Values>({
    defaultValues: { rows: files.map((f) => ({ file: f.file, investor_name: f.investor_name ?? '' })) },
  });
  const rows = watch('rows');
  const chosen = rows.filter((r) => r.investor_name);
  const doubles = doubleChoices(rows);

  const ask = (what: 'publish' | 'discard') => {
    setFailure(null);
    if (what === 'publish' && chosen.length === 0) return setFailure('Choose a member for at least one file before publishing.');
    setAsking(what);
  };

  const confirm = async () => {
    try {
      if (asking === 'publish') {
        const assignments = getValues('rows').filter((r) => r.investor_name);
        const reply = await publish.mutateAsync({ body: { batch_id: batch.batch_id, assignments } });
        flushSync(() => setAsking(null));
        onFinished(reply.replaced ? `${reply.message} ${plural(reply.replaced, 'earlier K-1 was', 'earlier K-1s were')} replaced.` : reply.message);
      } else {
        const reply = await discard.mutateAsync({ body: { batch_id: batch.batch_id } });
        flushSync(() => setAsking(null));
        onFinished(reply.message);
      }
    } catch (err) {
      flushSync(() => setAsking(null));
      setFailure(errorText(err));
    }
  };

  const left = rows.length - chosen.length;
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Check the matches</h3>
        <p className="report-card-subtitle mb-0">
          {batch.llc_name}, {batch.tax_year}: {plural(files.length, 'file', 'files')}, {files.filter(needsChoice).length} to choose by hand.
        </p>
      </div>
      {/* Rows to choose by hand carry a bar and a badge rather than a tinted background, which would dim the link and the grey line below it. */}
      <ul className="list-group list-group-flush" aria-label="Files of the upload">
        {files.map((f, i) => (
          <li key={f.file} className={`list-group-item d-flex flex-wrap align-items-center gap-2${needsChoice(f) ? ' k1-needs-choice' : ''}`}
            style={needsChoice(f) ? { boxShadow: 'inset 4px 0 0 var(--bs-warning)' } : undefined}
            data-testid="k1-file-row">
            <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <button type="button" className="btn btn-link p-0 text-start text-break" disabled={opening} aria-label={`Open ${f.file}`}
                onClick={() => void run(() => download(endpoints.k1BatchFile, { query: { batch_id: batch.batch_id, file: f.file } }))}>
                {f.file}
              </button>
              <div className="small text-secondary">
                {sizeText(f.size_bytes)} · {f.matched_by && 'matched by '}<span data-testid="k1-match">{matchText(f)}</span>
                {needsChoice(f) && <span className="badge text-bg-warning ms-2">Choose a member</span>}
              </div>
            </div>
            <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <label htmlFor={`${id}-row-${i}`} className="visually-hidden">Member for {f.file}</label>
              <select id={`${id}-row-${i}`} className="form-select form-select-sm" {...register(`rows.${i}.investor_name`)}>
                <option value="">No member: leave out</option>
                {batch.members.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </div>
          </li>
        ))}
      </ul>
      <div className="card-body d-grid gap-2">
        {doubles.length > 0 && (
          <div className="alert alert-warning py-2 mb-0" role="note" data-testid="k1-doubles">
            {doubles.map((d) => <div key={d.member}>Two files for {d.member}: {d.files.join(', ')}. Only one can be their K-1.</div>)}
          </div>
        )}
        <FormError message={failure ?? openError} />
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={publish.isPending || discard.isPending} onClick={() => ask('publish')}>
            Publish {plural(chosen.length, 'K-1', 'K-1s')}
          </button>
          <button type="button" className="btn btn-outline-danger" disabled={publish.isPending || discard.isPending} onClick={() => ask('discard')}>
            Discard
          </button>
        </div>
      </div>
      <ConfirmDialog open={asking === 'publish'} title="Publish the K-1s" busy={publish.isPending} confirmLabel="Publish"
        message={`Publish ${plural(chosen.length, 'K-1', 'K-1s')}? Each member sees theirs in the portal and gets an e-mail.${left ? ` ${plural(left, 'file', 'files')} without a member will be left out.` : ''}`}
        onConfirm={() => void confirm()} onCancel={() => setAsking(null)} />
      <ConfirmDialog open={asking === 'discard'} title="Discard the upload" danger busy={discard.isPending} confirmLabel="Discard"
        message="Discard these files? Nothing is published; upload them again to start over."
        onConfirm={() => void confirm()} onCancel={() => setAsking(null)} />
    </section>
  );
}
