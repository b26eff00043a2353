import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { K1BatchResponse } from '../../../../contract/schemas/k1-batches';
import { queryKeyOf, useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { NameSelect } from '../shared/name-select';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { K1BatchReview } from './k1-batch-review';
import { K1ConsentsCard } from './k1-consents-card';
import { K1StatusTable } from './k1-status-table';
import { K1UploadForm } from './k1-upload-form';
import { yearChoices } from './k1-words';

/** The batch under review: the one just uploaded, or a draft left from before. */
function useBatchUnderReview(llc: string, year: string, draftId: number | undefined) {
  const client = useQueryClient();
  const [uploaded, setUploaded] = useState<{ key: string; id: number } | null>(null);
  const [finished, setFinished] = useState<readonly number[]>([]);
  const key = `${llc}|${year}`;
  const candidate = uploaded?.key === key ? uploaded.id : draftId;
  const id = candidate !== undefined && !finished.includes(candidate) ? candidate : undefined;
  const batch = useEndpointQuery(endpoints.k1Batch, { batch_id: id ?? 0 }, { enabled: id !== undefined, meta: logFailure });
  return {
    batch: id === undefined ? undefined : batch,
    received(answer: K1BatchResponse) {
      // The upload answered the batch whole: no need to ask for it again.
      client.setQueryData(queryKeyOf(endpoints.k1Batch, { batch_id: answer.batch_id }), answer);
      setUploaded({ key, id: answer.batch_id });
      void client.invalidateQueries({ queryKey: [endpoints.k1Status.path] });
    },
    finish(batchId: number) {
      setFinished((ids) => [...ids, batchId]);
    },
  };
}

/**
 * "K-1s": an LLC's K-1s of a tax year in one upload. Choose the LLC and year (last year first); the status
 * of each member's K-1 (missing, uploaded, downloaded, and paper when they have not consented), the upload,
 * the review of its matches and publishing; then every investor's consent to electronic delivery.
 */
export function K1sPanel({ helpers }: AdminFormProps) {
  const lastYear = new Date().getFullYear() - 1;
  const [llc, setLlc] = useState(helpers.llcs_list.length === 1 ? helpers.llcs_list[0]! : '');
  const [year, setYear] = useState(String(lastYear));
  const [done, setDone] = useState<string | null>(null);
  const chosen = llc !== '' && year !== '';
  const status = useEndpointQuery(endpoints.k1Status, { llc_name: llc, tax_year: year }, { enabled: chosen, meta: logFailure });
  const draftId = status.data?.batches.find((b) => b.status === 'draft')?.batch_id;
  const review = useBatchUnderReview(llc, year, draftId);
  const batch = review.batch?.data;

  return (
    <div className="d-grid gap-4 report-stack">
      <div className="row g-3 align-items-end">
        <div className="col-12 col-sm-6 col-lg-4">
          <NameSelect id="k1s-llc" label="LLC" placeholder="Select an LLC" options={helpers.llcs_list} value={llc}
            onChange={(v) => { setLlc(v); setDone(null); }} />
        </div>
        <div className="col-12 col-sm-6 col-lg-3">
          <NameSelect id="k1s-year" label="Tax year" placeholder="Select a year" options={yearChoices(helpers.tax_years, lastYear)} value={year}
            onChange={(v) => { setYear(v); setDone(null); }} />
        </div>
      </div>
      {!chosen && <p className="report-muted mb-0">Choose an LLC and a tax year.</p>}
      {chosen && (status.error ? <ReportFailure what="The K-1 status" error={status.error} />
        : !status.data ? <ReportLoading /> : <K1StatusTable status={status.data} />)}
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      {chosen && review.batch?.error && <ReportFailure what="The uploaded K-1s" error={review.batch.error} />}
      {chosen && batch?.status === 'draft' ? (
        <K1BatchReview key={batch.batch_id} batch={batch}
          onFinished={(message) => { review.finish(batch.batch_id); setDone(message); }} />
      ) : chosen && (
        <section aria-labelledby="k1s-upload-title">
          <h3 id="k1s-upload-title" className="admin-subtitle mb-2">Upload K-1s</h3>
          <K1UploadForm llc={llc} year={year} onUploaded={(answer, message) => { review.received(answer); setDone(message); }} />
        </section>
      )}
      <K1ConsentsCard />
    </div>
  );
}
