import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getInvestorNames } from '../investor-api';

/** What an administrator without an investor login sees on /investor: whose summary to open. */
export function InvestorChooser() {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    void getInvestorNames().then(setNames, (error: unknown) => {
      console.error('Failed to load the investors:', error);
      setNames([]);
    });
  }, []);
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
