import { useId } from 'react';

type Props = {
  /** 'LLCs in the books' */
  title: string;
  names: readonly string[];
  /** How one and several are called: ['LLC', 'LLCs']. */
  noun: readonly [string, string];
  /** 'No LLCs yet.' */
  empty: string;
};

/** What already exists, listed beside a "manage" form, so nothing is added twice. */
export function ExistingNames({ title, names, noun, empty }: Props) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <div className="d-flex align-items-baseline gap-2 mb-2">
        <h3 className="admin-subtitle mb-0" id={titleId}>
          {title}
        </h3>
        <span className="small txn-muted">{`${names.length} ${names.length === 1 ? noun[0] : noun[1]}`}</span>
      </div>
      {names.length === 0 ? (
        <p className="txn-muted mb-0">{empty}</p>
      ) : (
        <ul className="list-group list-group-flush border rounded-3 scroll-list" aria-labelledby={titleId}>
          {names.map((name) => (
            <li key={name} className="list-group-item">
              {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
