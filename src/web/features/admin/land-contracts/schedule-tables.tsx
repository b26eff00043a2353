import { useState } from 'react';
import type { LcScheduleResponse } from '../../../../contract/schemas/land-contracts';
import { formatCurrency, formatDate } from '../../../lib/format';
import { ReportRows } from '../shared/report-rows';
import { Money, ReportTable, type Column } from '../shared/report-table';

type Row = LcScheduleResponse['rows'][number];
type Payment = LcScheduleResponse['payments'][number];
type Status = Row['status'];

/** Each status in words, and a badge colour that is never its only sign. */
export const STATUS_WORDS: Record<Status, string> = {
  paid: 'Paid', late: 'Late', short: 'Short', missing: 'Missing', open: 'Due (open)', upcoming: 'Upcoming',
};
const BADGE: Record<Status, string> = {
  paid: 'text-bg-success', late: 'text-bg-warning', short: 'text-bg-warning', missing: 'text-bg-danger', open: 'text-bg-info', upcoming: 'text-bg-light border',
};

export const StatusBadge = ({ status }: { status: Status }) => <span className={`badge ${BADGE[status]}`}>{STATUS_WORDS[status]}</span>;

/** How many installments after today a long schedule shows before "Show all". */
const AHEAD = 12;

/** A date that never breaks across lines, with a line of detail under it. */
const dated = (date: string | null, detail: string) => (
  <>
    <span className="report-date">{date ? formatDate(date) : '—'}</span>
    <span className="report-detail">{detail}</span>
  </>
);

const ROW_COLUMNS: readonly Column<Row>[] = [
  { header: 'Due', cell: (r) => dated(r.due_date, r.number === 0 ? 'Down payment' : `Installment ${r.number}`) },
  // Beside the due date, so a phone's card of the row shows it at once.
  { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  { header: 'Payment', money: (r) => r.payment },
  { header: 'Interest', money: (r) => r.interest },
  { header: 'Principal', money: (r) => r.principal },
  { header: 'Balance', money: (r) => r.balance },
  { header: 'Paid', money: (r) => r.paid },
  { header: 'Paid on', cell: (r) => <span className="report-date">{r.paid_date ? formatDate(r.paid_date) : '—'}</span> },
];

const PAYMENT_COLUMNS: readonly Column<Payment>[] = [
  { header: 'Date', cell: (p) => <span className="report-date">{formatDate(p.date)}</span> },
  { header: 'Amount', money: (p) => p.amount },
  { header: 'Interest', money: (p) => p.interest },
  { header: 'Principal', money: (p) => p.principal },
  { header: 'Balance', money: (p) => p.balance },
  { header: 'Arrears carried', money: (p) => p.arrears },
];

/** The seller's figures today: the balance, what was paid and is past due, the unpaid interest, the next installment. */
export function TotalsRows({ totals, received, scheduled }: {
  totals: LcScheduleResponse['totals'];
  received?: { interest: number; principal: number };
  /** Whether the contract has a schedule (an installment and first due date): without one nothing can be due or past due. */
  scheduled: boolean;
}) {
  return (
    <ReportRows rows={[
      { label: 'Balance owed', value: <Money amount={totals.balance} /> },
      { label: 'Paid to date', value: <Money amount={totals.paid_to_date} /> },
      ...(received ? [
        { label: 'Interest received', value: <Money amount={received.interest} /> },
        { label: 'Principal received', value: <Money amount={received.principal} /> },
      ] : []),
      { label: 'Unpaid interest (arrears)', value: <Money amount={totals.arrears} /> },
      ...(scheduled ? dueRows(totals) : [{ label: 'Due and past due', value: 'No schedule recorded (no installment and first due date)' }]),
    ]} />
  );
}

function dueRows(totals: LcScheduleResponse['totals']) {
  return [
      { label: 'Due to date', value: <Money amount={totals.due_to_date} /> },
      { label: 'Past due', value: <span className={totals.past_due > 0 ? 'fw-semibold text-danger' : undefined}>{formatCurrency(totals.past_due)}</span> },
      { label: 'Next due', value: totals.next_due_date ? `${formatDate(totals.next_due_date)}: ${formatCurrency(totals.next_due_amount ?? 0)}` : 'Nothing more is due' },
  ];
}

/**
 * "Schedule and payments": the contract's installments beside what was paid against each (a status in
 * words), then the payments received as the books split them. A long schedule shows the installments due
 * up to today and the next twelve until "Show all".
 */
export function ScheduleTables({ schedule }: { schedule: LcScheduleResponse }) {
  const [all, setAll] = useState(false);
  const { rows, as_of: asOf } = schedule;
  const due = rows.filter((r) => r.due_date <= asOf).length;
  const cut = Math.min(rows.length, due + AHEAD);
  const shown = all ? rows : rows.slice(0, cut);
  const hasSchedule = schedule.terms.installment !== null && schedule.terms.first_due_date !== null;
  return (
    <div className="d-grid gap-3">
      {hasSchedule ? (
        <ReportTable title="Schedule" headingLevel="h4" columns={ROW_COLUMNS} rows={shown} rowKey={(r) => String(r.number)}
          empty="No installments." subtitle={(
            <>
              {all || cut === rows.length ? `All ${rows.length} installments` : `Due to ${formatDate(asOf)} and the next ${cut - due} of ${rows.length}`}, statuses as of {formatDate(asOf)}.
              {cut < rows.length && (
                <button type="button" className="btn btn-link btn-sm p-0 ms-2 align-baseline" aria-expanded={all} onClick={() => setAll(!all)}>
                  {all ? 'Show fewer' : `Show all ${rows.length}`}
                </button>
              )}
            </>
          )} />
      ) : (
        <p className="report-muted mb-0" data-testid="lc-no-schedule">Record the installment and first due date to see the schedule.</p>
      )}
      <ReportTable title="Payments received" headingLevel="h4" columns={PAYMENT_COLUMNS} rows={schedule.payments} rowKey={(p, i) => `${p.date}-${i}`}
        empty="No payments recorded yet." subtitle="Each split into interest since the previous payment and principal; interest it did not cover is carried." />
    </div>
  );
}
