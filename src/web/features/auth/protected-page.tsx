import { endpoints } from '../../../contract/endpoints';
import { TopNav } from '../../components/top-nav';
import { useEndpointQuery } from '../../lib/queries';
import { getToken } from '../../lib/session';
import { LoginPage } from './login-page';

/** "/protected": who is signed in, or the login page when no token is stored (portal-spec §2). */
export function ProtectedPage() {
  const hasToken = getToken() !== null;
  const { data: who } = useEndpointQuery(endpoints.protectedCheck, undefined, {
    enabled: hasToken,
    select: (r) => r.logged_in_as,
  });
  if (!hasToken) return <LoginPage />;
  return (
    <>
      <TopNav />
      <main className="container-xl py-4">
        <h1 className="h3">Signed in</h1>
        <p className="lead" data-testid="logged-in-as">
          {who === undefined ? 'Loading...' : `Logged in as ${who}`}
        </p>
      </main>
    </>
  );
}
