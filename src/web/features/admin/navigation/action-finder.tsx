import { useId, useMemo, useState, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { groupsOf, searchActions, type AdminAction } from '../admin-actions';

type Props = {
  actions: readonly AdminAction[];
  current: AdminAction;
  /** Called as an action is opened from the list (a click, or Enter in the search box). */
  onOpen?: (action: AdminAction) => void;
  inputRef?: Ref<HTMLInputElement>;
};

export const actionAddress = (a: AdminAction): string => `/admin?action=${a.slug}`;

/**
 * The admin actions grouped by the kind of work, each group once, under a search box that narrows them
 * as the admin types (titles and the words an admin would use: "rent", "payout", "void"). Each action is
 * a real link to its address, so a middle-click opens it in a new tab; Enter in the box opens the first
 * match. The side menu and the phone's sheet both show it.
 */
export function ActionFinder({ actions, current, onOpen, inputRef }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const matches = useMemo(() => searchActions(actions, typed), [actions, typed]);
  const open = (a: AdminAction) => {
    onOpen?.(a);
    void navigate(actionAddress(a));
  };

  const link = (a: AdminAction) => (
    <Link to={actionAddress(a)} className="admin-finder-link" aria-current={a.slug === current.slug ? 'page' : undefined}
      onClick={() => onOpen?.(a)}>
      {a.title}
    </Link>
  );

  return (
    <div className="admin-finder">
      <div className="admin-finder-search" role="search" aria-label="Find an action">
        <label htmlFor={`${id}-query`} className="form-label">
          Find an action
        </label>
        <input ref={inputRef} id={`${id}-query`} type="search" className="form-control" value={query} autoComplete="off"
          placeholder="e.g. rent, payout" aria-controls={`${id}-list`} aria-describedby={`${id}-found`}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (matches[0]) open(matches[0]);
          }} />
        <p id={`${id}-found`} className={`admin-finder-found${typed && matches.length === 0 ? ' admin-finder-none' : ''}`} role="status">
          {!typed ? '' : matches.length === 0 ? `No action matches “${typed}”.` : `${matches.length} of ${actions.length} actions · Enter opens the first`}
        </p>
      </div>
      <div id={`${id}-list`}>
        {typed ? (
          matches.length > 0 && (
            <ul className="admin-finder-list" aria-label="Matching actions">
              {matches.map((a) => (
                <li key={a.slug}>
                  {link(a)}
                  <span className="admin-finder-kind">{a.group}</span>
                </li>
              ))}
            </ul>
          )
        ) : (
          groupsOf(actions).map(({ group, actions: ofGroup }) => (
            <div key={group} className="admin-finder-group">
              <p id={`${id}-${ofGroup[0]!.slug}`} className="admin-finder-group-name">
                {group}
              </p>
              <ul className="admin-finder-list" aria-labelledby={`${id}-${ofGroup[0]!.slug}`}>
                {ofGroup.map((a) => (
                  <li key={a.slug}>{link(a)}</li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
