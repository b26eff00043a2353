import { endpoints } from '../../../../contract/endpoints';
import type { LoginSummaryRow } from '../../../../contract/schemas/portal-users';
import { csvFileName } from '../../../lib/csv-export';
import { formatDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { ReportTable, type Column, type CsvDownload } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

/**
 * Failed sign-ins since the last good one, and the wait they set while it lasts (docs/security.md B3): an
 * admin who hears "I cannot get in" sees why, and when it ends.
 */
export function failedSignIns(r: LoginSummaryRow): string {
  if (r.failed_sign_ins === 0) return 'None';
  const count = `${r.failed_sign_ins} failed`;
  return r.locked_until ? `Waiting until ${formatDateTime(r.locked_until)} (${count})` : count;
}

/** Login Summary (docs/product.md "Screens"): each investor login's sign-in count and last sign-in, in local time or N/A. */
const COLUMNS: readonly Column<LoginSummaryRow>[] = [
  { header: 'Investor', cell: (r) => r.investor_name },
  { header: 'Login Count', cell: (r) => <span className="report-count">{r.login_count}</span>, end: true },
  { header: 'Last Login', cell: (r) => <span className="report-when">{formatDateTime(r.last_login)}</span> },
  { header: 'Failed Sign-ins', cell: (r) => <span className={r.locked_until ? 'text-danger' : undefined}>{failedSignIns(r)}</span> },
];

/** The last sign-in as the server's UTC timestamp: a file has no time zone of its own to show it in. */
const CSV: CsvDownload<LoginSummaryRow> = {
  file: csvFileName('Login Summary'),
  columns: [
    { header: 'Investor', kind: 'text', value: (r) => r.investor_name },
    { header: 'Login Count', kind: 'number', value: (r) => r.login_count },
    { header: 'Last Login (UTC)', kind: 'text', value: (r) => r.last_login },
    { header: 'Failed Sign-ins', kind: 'number', value: (r) => r.failed_sign_ins },
    { header: 'Waiting Until (UTC)', kind: 'text', value: (r) => r.locked_until },
  ],
};

export function LoginSummary() {
  const { data, error } = useEndpointQuery(endpoints.loginSummary, undefined, { meta: logFailure });
  if (error) return <ReportFailure what="The login summary" error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <div className="login-summary">
      <ReportTable title="Login Summary" subtitle="Successful sign-ins of each investor login, and failed ones since; times in your time zone."
        columns={COLUMNS} rows={data} rowKey={(r) => r.investor_name} empty="No logins available." download={CSV} />
    </div>
  );
}
