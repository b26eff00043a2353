import { useDeferredValue, useId, useState } from 'react';
import { matchesName } from '../lib/name-search';

/** Below this many investors the whole list fits on a screen, and a search box would only be in the way. */
export const SEARCH_FROM = 10;

/**
 * The investors a long list shows, narrowed by what the admin types: the Admin Summary's and the
 * /investor landing's lists. The filtering trails the typing (useDeferredValue), so a keystroke in a
 * list of 2,000 never waits for the table.
 */
export function useInvestorSearch<R extends { investor_name: string }>(rows: readonly R[] | undefined) {
  const [typed, setTyped] = useState('');
  const wanted = useDeferredValue(typed);
  const all = rows ?? [];
  const searchable = all.length >= SEARCH_FROM;
  const shown = searchable && wanted.trim() ? all.filter((r) => matchesName(r.investor_name, wanted)) : all;
  return { typed, setTyped, searchable, shown, total: all.length };
}

type Props = { typed: string; onType: (typed: string) => void; shown: number; total: number; className?: string };

/** The search box over a list of investors, with how many it shows (read out as it changes). */
export function InvestorSearch({ typed, onType, shown, total, className = '' }: Props) {
  const id = useId();
  return (
    <div className={`investor-search ${className}`} role="search" aria-label="Find an investor">
      <label htmlFor={id} className="form-label">
        Find an investor
      </label>
      <input id={id} type="search" className="form-control" value={typed} autoComplete="off" placeholder="Name"
        onChange={(e) => onType(e.target.value)} />
      <p className="form-text mb-0" role="status">
        {typed.trim() ? `${shown} of ${total} investors` : `${total} investors`}
      </p>
    </div>
  );
}
