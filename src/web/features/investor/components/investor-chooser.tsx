import { Link } from 'react-router';
import { endpoints } from '../../../../contract/endpoints';
import { useEndpointQuery } from '../../../lib/queries';

/** What an administrator without an investor login sees on /investor: whose summary to open. */
export function InvestorChooser() {
  // The investors an administrator may open (admins only; the server refuses anyone else).
  const { data, error } = useEndpointQuery(endpoints.adminHelpers, undefined, {
    select: (h) => h.investors_list ?? [],
    meta: { onError: 'Failed to load the investors:' },
  });
  const names = data ?? (error ? [] : null);
  return (
    <div className="card investor-card">
      <div className="card-body">
        <h2 className="h5">Choose an investor</h2>
        <p className="text-secondary small">You are signed in as an administrator. Open an investor&apos;s summary:</p>
        {names === null && <p>Loading...</p>}
        {names?.length === 0 && <p className="text-secondary">No investors yet.</p>}
        {names && names.length > 0 && (
          <ul className="list-unstyled investor-chooser mb-0">
            {names.map((n) => (
              <li key={n}>
                <Link to={`/investor/${encodeURIComponent(n)}`}>{n}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
