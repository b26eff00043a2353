import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getAdminLevel, logout } from '../features/auth/auth-api';
import { clearToken } from '../lib/session';
import { Brand } from './brand';

/** The bar of every signed-in screen (portal-spec §2 "Top navigation bar"). */
export function TopNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [adminLevel, setAdminLevel] = useState(0);

  useEffect(() => {
    let live = true;
    void getAdminLevel().then((level) => live && setAdminLevel(level));
    return () => {
      live = false;
    };
  }, []);

  const signOut = async () => {
    await logout().catch(() => undefined); // the token goes either way
    clearToken();
    navigate('/');
  };

  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm" aria-label="Main">
      <div className="container-xl flex-wrap gap-2">
        <Link to="/investor" className="navbar-brand fw-semibold">
          <Brand logoHeight={32} />
        </Link>
        <div className="navbar-nav ms-auto align-items-center gap-1 flex-wrap">
          {adminLevel > 0 && pathname !== '/admin' && (
            <Link className="nav-link" to="/admin">
              Admin
            </Link>
          )}
          {!pathname.startsWith('/investor') && (
            <Link className="nav-link" to="/investor">
              Investor Summary
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
