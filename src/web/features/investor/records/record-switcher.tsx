import { useId } from 'react';
import { useNavigate } from 'react-router';
import { COMBINED_PATH, ownRecords, recordPath, type MyRecord } from './use-my-records';

const COMBINED = '\u0000combined'; // no investor's name

type Props = {
  records: readonly MyRecord[];
  /** The record shown, or 'combined' for the combined view. */
  current: MyRecord | 'combined';
};

/**
 * "Investor record": above the figures of a login that reads several (one person's own record, their IRA
 * or trust, the pages they read as a delegate), and the combined view of their own when they hold two or
 * more. Choosing one opens its page, an address that can be shared and kept.
 */
export function RecordSwitcher({ records, current }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const own = ownRecords(records);
  const delegated = records.filter((r) => r.relation === 'delegate');
  if (records.length < 2) return null;
  const value = current === 'combined' ? COMBINED : current.investor_name;
  const choose = (chosen: string) => {
    if (chosen === COMBINED) return void navigate(COMBINED_PATH);
    const record = records.find((r) => r.investor_name === chosen);
    if (record) void navigate(recordPath(record));
  };
  const option = (r: MyRecord) => <option key={r.investor_name} value={r.investor_name}>{r.investor_name}</option>;
  return (
    <div className="investor-switcher">
      <label htmlFor={id} className="form-label small mb-1">Investor record</label>
      <select id={id} className="form-select" value={value} onChange={(e) => choose(e.target.value)}>
        {own.length > 0 && (
          <optgroup label="Yours">
            {own.map(option)}
            {own.length >= 2 && <option value={COMBINED}>All my entities (combined)</option>}
          </optgroup>
        )}
        {delegated.length > 0 && <optgroup label="Read as a delegate">{delegated.map(option)}</optgroup>}
      </select>
    </div>
  );
}
