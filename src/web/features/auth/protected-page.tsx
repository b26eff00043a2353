import { Link } from 'react-router';
import { isStaff } from '../../../contract/roles';
import { TopNav } from '../../components/top-nav';
import { useEndpointQuery } from '../../lib/queries';
import { investorCalls } from '../../lib/investor-calls';
import { getToken } from '../../lib/session';
import { RoutedLoginPage } from './routed-login-page';

/**
 * "/protected": who is signed in, or the login page when no token is stored (docs/product.md "Screens"). Inside
 * the normal layout, with the way on to the person's own pages.
 */
export function ProtectedPage() {
  const hasToken = getToken() !== null;
  const { data: who } = useEndpointQuery(investorCalls.protectedCheck, undefined, { enabled: hasToken, select: (r) => r.logged_in_as });
  const { data: role } = useEndpointQuery(investorCalls.adminLevel, undefined, { enabled: hasToken, select: (r) => r.role });
  if (!hasToken) return <RoutedLoginPage />;
  // The back office opens for every staff role (contract/roles.ts), not only for an admin_level above 0.
  const isAdmin = role !== undefined && isStaff(role);
  return (
    <>
      <TopNav />
      <main className="container-xl py-4">
        <h1 className="h3 mb-3">Your session</h1>
        <section className="card shadow-sm" style={{ maxWidth: '32rem' }} aria-labelledby="session-title">
          <div className="card-body">
            <h2 id="session-title" className="h6 text-secondary mb-1">Signed in</h2>
            <p className="fs-5 mb-1" data-testid="logged-in-as">
              {who === undefined ? 'Loading...' : `Logged in as ${who}`}
            </p>
            {role !== undefined && (
              <p className="text-secondary small mb-3">{role === 'admin' ? 'Administrator: you keep the books.' : isAdmin ? `Staff (${role}): you work in the back office.` : 'Investor: you see your own holdings.'}</p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <Link className="btn btn-primary" to={isAdmin ? '/admin' : '/investor'}>
                {isAdmin ? 'Open the admin page' : 'Go to my portfolio'}
              </Link>
            </div>
          </div>
        </section>
      </main>
    </>
  );
}
