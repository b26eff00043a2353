import { Link } from 'react-router';

/**
 * What an administrator sees above an investor's page: whose page this is, and the
 * way back to the list of investors and to the admin page.
 */
export function ViewingAsBar({ investorName }: { investorName: string }) {
  return (
    <aside className="viewing-as" aria-label="Administrator view">
      <div className="container-xl d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p className="mb-0">
          Viewing as <strong className="viewing-as-name">{investorName}</strong>
          <span className="viewing-as-note"> (the page this investor sees)</span>
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-sm btn-light" to="/investor">
            All investors
          </Link>
          <Link className="btn btn-sm btn-outline-light" to="/admin">
            Admin Page
          </Link>
        </div>
      </div>
    </aside>
  );
}
