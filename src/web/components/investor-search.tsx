import { useDeferredValue, useId, useMemo, useState } from 'react';
import { matchesName } from '../lib/name-search';

/** Below this many investors the whole list fits on a screen, and a search box would only be in the way. */
export const SEARCH_FROM = 10;

/**
 * The investors a long list shows, narrowed by what the admin types: the Admin Summary's and the
 * /investor landing's lists. The list follows `searched`, which trails `typed` (useDeferredValue): a
 * keystroke renders the box at once and the list after, with the same `shown` array until then, so a
 * table memoised on it (React.memo) is not rendered again for the keystroke itself.
 */
export function useInvestorSearch<R extends { investor_name: string }>(rows: readonly R[] | undefined) {
  const [typed, setTyped] = useState('');
  const searched = useDeferredValue(typed).trim();
  const total = rows?.length ?? 0;
  const searchable = total >= SEARCH_FROM;
  const shown = useMemo(
    () => (rows && searchable && searched ? rows.filter((r) => matchesName(r.investor_name, searched)) : (rows ?? [])),
    [rows, searchable, searched],
  );
  return { typed, setTyped, searched: searchable ? searched : '', searchable, shown, total };
}

/** What an empty list says while a search finds nobody. */
export const nobodyFound = (searched: string) => `No investor's name has "${searched}".`;

type Props = { search: ReturnType<typeof useInvestorSearch>; className?: string };

/** The search box over a list of investors, with how many the list shows (read out as it changes). */
export function InvestorSearch({ search, className = '' }: Props) {
  const id = useId();
  const { typed, setTyped, searched, shown, total } = search;
  return (
    <div className={`investor-search ${className}`} role="search" aria-label="Find an investor">
      <label htmlFor={id} className="form-label">
        Find an investor
      </label>
      <input id={id} type="search" className="form-control" value={typed} autoComplete="off" placeholder="Name"
        onChange={(e) => setTyped(e.target.value)} />
      <p className="form-text mb-0" role="status">
        {searched ? `${shown.length} of ${total} investors` : `${total} investors`}
      </p>
    </div>
  );
}
