import type { AdminLevelResponse, LoginRequest, ProtectedResponse, RegisterRequest, TokenResponse } from '../../../contract/auth';
import { api } from '../../lib/api-client';

/** The /auth calls and the admin-level check, typed by the shared contract. */
export const login = (body: LoginRequest) =>
  api<TokenResponse>('/auth/login', { method: 'POST', body, anonymous: true });

export const register = (body: RegisterRequest) =>
  api<{ message: string }>('/auth/register', { method: 'POST', body, anonymous: true });

export const getProtected = () => api<ProtectedResponse>('/auth/protected');

export const renewToken = () => api<TokenResponse>('/auth/renew', { method: 'POST' }).then((r) => r.access_token);

/** Ends the session on the server; the token is removed from the browser either way. */
export const logout = () => api<{ message: string }>('/auth/logout', { method: 'POST', noRedirect: true });

/** A failed check means "not an admin", silently (portal-spec §8). */
export const getAdminLevel = () =>
  api<AdminLevelResponse>('/admin/get_admin_level').then(
    (r) => r.admin_level,
    () => 0,
  );
