import type { z } from 'zod';
import { endpoints } from '../../../../contract/endpoints';
import type { K1ConsentsRow } from '../../../../contract/schemas/consent';
import { csvFileName, type CsvColumn } from '../../../lib/csv-export';
import { formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

type Row = z.infer<typeof K1ConsentsRow>;

/** "Consented since Mar 2, 2026", "Withdrawn Apr 1, 2026" or "Never". */
export function consentText(r: Row): string {
  if (r.consented && r.since) return `Consented since ${formatDate(r.since.slice(0, 10))}`;
  if (r.withdrawn_at) return `Withdrawn ${formatDate(r.withdrawn_at.slice(0, 10))}`;
  return 'Never';
}

const columns: readonly Column<Row>[] = [
  { header: 'Investor', cell: (r) => r.investor_name },
  { header: 'Consent', cell: (r) => <span className={r.consented ? 'text-success' : undefined}>{consentText(r)}</span> },
  { header: 'Tax ID', cell: (r) => r.tax_id ? <span className="text-nowrap">{r.tax_id}</span> : <span className="report-muted">none on file</span> },
];

const csvColumns: readonly CsvColumn<Row>[] = [
  { header: 'Investor', kind: 'text', value: (r) => r.investor_name },
  { header: 'Consent', kind: 'text', value: (r) => (r.consented ? 'consented' : r.withdrawn_at ? 'withdrawn' : 'never') },
  { header: 'Since', kind: 'date', value: (r) => r.since?.slice(0, 10) },
  { header: 'Withdrawn', kind: 'date', value: (r) => r.withdrawn_at?.slice(0, 10) },
  { header: 'Disclosure version', kind: 'number', value: (r) => r.disclosure_version },
  { header: 'Tax ID', kind: 'text', value: (r) => r.tax_id ?? 'none on file' },
];

/** Every investor's consent to electronic K-1s: without one, their K-1 must also go on paper. */
export function K1ConsentsCard() {
  const { data, error } = useEndpointQuery(endpoints.k1Consents, undefined, { meta: logFailure });
  if (error) return <ReportFailure what="The consents" error={error} />;
  if (!data) return <ReportLoading />;
  const consented = data.investors.filter((r) => r.consented).length;
  return (
    <ReportTable title="Electronic delivery consent" rows={data.investors} rowKey={(r) => r.investor_name} columns={columns}
      empty="No investors yet."
      subtitle={`${consented} of ${data.investors.length} investors get their K-1s electronically; the others on paper too.`}
      download={{ file: csvFileName('K-1 delivery consent'), columns: csvColumns }} />
  );
}
