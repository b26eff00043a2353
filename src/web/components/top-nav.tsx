import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { investorCalls } from '../lib/investor-calls';
import { callRoute } from '../lib/api-client';
import { runsTheBooks, useRole } from '../lib/role';
import { INVESTOR_PAGE } from '../../contract/roles';
import { clearToken } from '../lib/session';
import { Brand } from './brand';

/** The bar of every signed-in screen (docs/product.md "Screens", "Top navigation bar"). */
export function TopNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // The back office opens for the staff roles (admin, bookkeeper, auditor); a failed check means "not staff", silently.
  const role = useRole();
  const staff = runsTheBooks(role);
  // A role that reads no investor's page (an auditor: contract/roles.ts INVESTOR_PAGE) has no summary to go to.
  const readsInvestors = role === undefined || (INVESTOR_PAGE as readonly string[]).includes(role);

  const signOut = async () => {
    // Ends the session on the server; the token goes from the browser either way.
    await callRoute(investorCalls.logout, undefined, { noRedirect: true }).catch(() => undefined);
    clearToken();
    client.clear();
    navigate('/');
  };

  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm" aria-label="Main">
      <div className="container-xl flex-wrap gap-2">
        <Link to="/investor" className="navbar-brand fw-semibold">
          <Brand logoHeight={32} />
        </Link>
        <div className="navbar-nav ms-auto align-items-center gap-1 flex-wrap">
          {staff && pathname !== '/admin' && (
            <Link className="nav-link" to="/admin">
              Admin
            </Link>
          )}
          {readsInvestors && !pathname.startsWith('/investor') && (
            <Link className="nav-link" to="/investor">
              Investor Summary
            </Link>
          )}
          {pathname !== '/account' && (
            <Link className="nav-link" to="/account" title="Your password and two-factor sign-in">
              Account
            </Link>
          )}
          <button type="button" className="btn btn-outline-secondary btn-sm ms-2" onClick={signOut}>
            Sign Out
          </button>
        </div>
      </div>
    </nav>
  );
}
