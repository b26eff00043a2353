import type { z } from 'zod';
import type { K1StatusResponse, K1StatusRow } from '../../../../contract/schemas/k1-batches';
import { csvFileName, type CsvColumn } from '../../../lib/csv-export';
import { formatDate } from '../../../lib/format';
import { ReportTable, type Column } from '../shared/report-table';

type Row = z.infer<typeof K1StatusRow>;

const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '');

/** "Missing", "Uploaded Mar 2, 2026" or "Downloaded Mar 3, 2026". */
export function statusText(r: Row): string {
  if (r.status === 'downloaded') return `Downloaded ${day(r.downloaded_at)}`.trim();
  if (r.status === 'uploaded') return `Uploaded ${day(r.uploaded_at)}`.trim();
  return 'Missing';
}

const STATUS_CLASS: Record<Row['status'], string> = { missing: 'text-danger', uploaded: '', downloaded: 'text-success' };

const columns: readonly Column<Row>[] = [
  { header: 'Member', cell: (r) => r.investor_name },
  { header: 'Tax ID', cell: (r) => r.tax_id ? <span className="text-nowrap">{r.tax_id}</span> : <span className="report-muted">none on file</span> },
  { header: 'Status', cell: (r) => <span className={`text-nowrap ${STATUS_CLASS[r.status]}`.trim()}>{statusText(r)}</span> },
  { header: 'Delivery', cell: (r) => r.delivery === 'paper'
    ? <span className="badge text-bg-warning">Paper</span>
    : 'Electronic' },
];

const csvColumns: readonly CsvColumn<Row>[] = [
  { header: 'Member', kind: 'text', value: (r) => r.investor_name },
  { header: 'Tax ID', kind: 'text', value: (r) => r.tax_id ?? 'none on file' },
  { header: 'Status', kind: 'text', value: (r) => r.status },
  { header: 'Uploaded', kind: 'date', value: (r) => r.uploaded_at?.slice(0, 10) },
  { header: 'Downloaded', kind: 'date', value: (r) => r.downloaded_at?.slice(0, 10) },
  { header: 'Version', kind: 'number', value: (r) => r.version },
  { header: 'Delivery', kind: 'text', value: (r) => r.delivery },
];

/** Each member's K-1 of the LLC and year: whether it is there, opened, and whether it must also go on paper. */
export function K1StatusTable({ status }: { status: z.infer<typeof K1StatusResponse> }) {
  const rows = status.members;
  const missing = rows.filter((r) => r.status === 'missing').length;
  const paper = rows.some((r) => r.delivery === 'paper');
  return (
    <div className="d-grid gap-2">
      <ReportTable title="K-1 status" rows={rows} rowKey={(r) => r.investor_name} columns={columns}
        empty="This LLC has no members in that year."
        subtitle={`${status.llc_name}, ${status.tax_year}: ${rows.length - missing} of ${rows.length} members have their K-1.`}
        download={{ file: csvFileName('K-1 status', status.llc_name, String(status.tax_year)), columns: csvColumns }} />
      {paper && (
        <p className="small text-secondary mb-0" data-testid="k1-paper-note">
          <span className="badge text-bg-warning me-1">Paper</span>
          No consent to electronic delivery: mail them a paper copy of their K-1 too.
        </p>
      )}
    </div>
  );
}
