import { Outlet } from 'react-router';
import { TopNav } from '../components/top-nav';
import { RequireSession } from './require-session';

export function SignedInLayout() {
  return (
    <RequireSession>
      <TopNav />
      <Outlet />
    </RequireSession>
  );
}
