import { useEffect, useState } from 'react';
import { getAdminLevel } from '../auth/auth-api';

/** /admin: the back office (its actions arrive with their issues). */
export function AdminPage() {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    void getAdminLevel().then(setLevel);
  }, []);
  return (
    <main className="container-xl py-4">
      <h1 className="h3 mb-4">Admin Page</h1>
      {level === null && <p>Loading...</p>}
      {level === 0 && (
        <div className="alert alert-warning" role="alert">
          You are not authorized to view this page.
        </div>
      )}
    </main>
  );
}
