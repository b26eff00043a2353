import { useId, useMemo, useState } from 'react';
import { formatDate } from '../lib/format';
import { statementPeriods, type StatementPeriod } from '../lib/periods';
import { todayIso } from '../lib/today';

const CUSTOM = 'custom';

export type Period = Pick<StatementPeriod, 'from' | 'to'>;

/**
 * A period for a statement or an export: the usual quarters and years (the current one to date), or
 * any range. Starts at the last whole quarter, what is asked for most.
 */
export function usePeriodChooser(initial = '1') {
  // The server's day is UTC: east of it, the local date is already tomorrow there for part of the day,
  // and a period "to date" ending on it would be refused as in the future.
  const utc = new Date().toISOString().slice(0, 10);
  const today = [todayIso(), utc].sort()[0]!;
  const periods = useMemo(() => statementPeriods(today), [today]);
  const [choice, setChoice] = useState(initial);
  const [custom, setCustom] = useState<Period>({ from: `${today.slice(0, 4)}-01-01`, to: today });
  // Only the two dates: a preset also carries its label, which no endpoint takes (a query with it was
  // refused with "Unknown field: label.").
  const chosen = choice === CUSTOM ? custom : periods[Number(choice)]!;
  const period: Period = { from: chosen.from, to: chosen.to };
  return { today, periods, choice, setChoice, custom, setCustom, period };
}

type Props = ReturnType<typeof usePeriodChooser> & { disabled?: boolean };

/** The choice and, for a custom range, its two dates; row columns of a Bootstrap form row. */
export function PeriodChooser({ today, periods, choice, setChoice, custom, setCustom, period, disabled }: Props) {
  const id = useId();
  return (
    <>
      <div className="col-12 col-md-4 col-lg-3">
        <label htmlFor={`${id}-period`} className="form-label">
          Period
        </label>
        <select id={`${id}-period`} className="form-select" value={choice} disabled={disabled} onChange={(e) => setChoice(e.target.value)}
          aria-describedby={`${id}-dates`}>
          {periods.map((p, k) => (
            <option key={p.label} value={String(k)}>
              {p.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom range…</option>
        </select>
        {choice !== CUSTOM && (
          <div id={`${id}-dates`} className="form-text">
            {formatDate(period.from)} to {formatDate(period.to)}
          </div>
        )}
      </div>
      {choice === CUSTOM && (
        <>
          <div className="col-6 col-md-3 col-lg-2">
            <label htmlFor={`${id}-from`} className="form-label">
              From
            </label>
            <input id={`${id}-from`} type="date" className="form-control" required max={today} value={custom.from} disabled={disabled}
              onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
          </div>
          <div className="col-6 col-md-3 col-lg-2">
            <label htmlFor={`${id}-to`} className="form-label">
              To
            </label>
            <input id={`${id}-to`} type="date" className="form-control" required max={today} value={custom.to} disabled={disabled}
              onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
          </div>
        </>
      )}
    </>
  );
}
