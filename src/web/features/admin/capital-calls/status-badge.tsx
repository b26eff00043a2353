import type { CallStatus } from '../../../../contract/schemas/capital-calls';

const BADGE: Record<CallStatus, string> = { open: 'text-bg-primary', paid: 'text-bg-success', late: 'text-bg-danger', cancelled: 'text-bg-secondary' };
const WORDS: Record<CallStatus, string> = { open: 'Open', paid: 'Paid', late: 'Late', cancelled: 'Cancelled' };

/** A call's (or a line's) status in a word: open, paid, late (something owed after the due date) or cancelled. */
export function StatusBadge({ status }: { status: CallStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{WORDS[status]}</span>;
}
