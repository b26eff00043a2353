import { useEffect, useState } from 'react';
import { TopNav } from '../../components/top-nav';
import { getToken } from '../../lib/session';
import { getProtected } from './auth-api';
import { LoginPage } from './login-page';

/** "/protected": who is signed in, or the login page when no token is stored (portal-spec §2). */
export function ProtectedPage() {
  const [who, setWho] = useState<string | null>(null);
  const hasToken = getToken() !== null;
  useEffect(() => {
    if (hasToken) void getProtected().then((r) => setWho(r.logged_in_as), () => undefined);
  }, [hasToken]);
  if (!hasToken) return <LoginPage />;
  return (
    <>
      <TopNav />
      <main className="container-xl py-4">
        <h1 className="h3">Signed in</h1>
        <p className="lead" data-testid="logged-in-as">
          {who === null ? 'Loading...' : `Logged in as ${who}`}
        </p>
      </main>
    </>
  );
}
