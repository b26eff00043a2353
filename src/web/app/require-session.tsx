import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getToken } from '../lib/session';

/** Pages that need a session send the user to / when no token is stored (docs/product.md "Screens"). */
export function RequireSession({ children }: { children: ReactNode }) {
  return getToken() ? <>{children}</> : <Navigate to="/" replace />;
}
