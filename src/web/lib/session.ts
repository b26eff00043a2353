/**
 * The session token lives in localStorage under "token" (docs/product.md "Screens"). While the user is active the
 * token is renewed before it expires (30-minute tokens, 12-hour cap enforced by the server).
 */
const TOKEN_KEY = 'token';
const RENEW_WHEN_LEFT_MS = 10 * 60_000;
const ACTIVE_WITHIN_MS = 25 * 60_000;

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** The token's expiry in ms since the epoch, read from its payload (no verification: the server does that). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

let lastActivity = Date.now();

/** Starts the renew loop once; `renew` asks the server for a fresh token. */
export function startTokenRenewal(renew: () => Promise<string | null>): () => void {
  const markActive = () => {
    lastActivity = Date.now();
  };
  const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
  events.forEach((e) => window.addEventListener(e, markActive, { passive: true }));
  const timer = window.setInterval(async () => {
    const token = getToken();
    const exp = token ? tokenExpiry(token) : null;
    if (!token || !exp) return;
    const now = Date.now();
    if (exp - now > RENEW_WHEN_LEFT_MS || now - lastActivity > ACTIVE_WITHIN_MS) return;
    const fresh = await renew().catch(() => null);
    if (fresh) setToken(fresh);
  }, 30_000);
  return () => {
    window.clearInterval(timer);
    events.forEach((e) => window.removeEventListener(e, markActive));
  };
}
