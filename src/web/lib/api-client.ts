import { clearToken, getToken } from './session';

/** An API answer that was not 2xx, with the server's plain-words message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Options = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Sign-in and registration: no token sent, and a 401 means bad input, not an ended session. */
  anonymous?: boolean;
  /** Sends the token but does not redirect on 401 (sign-out of an already ended session). */
  noRedirect?: boolean;
  idempotencyKey?: string;
};

let onSessionEnd: () => void = () => window.location.assign('/');

/** The router registers how to go to / when the session ends (401 or 422, portal-spec §4). */
export function setSessionEndHandler(handler: () => void): void {
  onSessionEnd = handler;
}

/** The one HTTP client of the web app: JSON in and out, Bearer token on every call but sign-in. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token && !opts.anonymous) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const qs = opts.query
    ? '?' + new URLSearchParams(Object.entries(opts.query).filter((e): e is [string, string] => e[1] !== undefined))
    : '';
  let res: Response;
  try {
    res = await fetch(path + qs, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (!opts.anonymous && !opts.noRedirect && (res.status === 401 || res.status === 422)) {
      clearToken();
      onSessionEnd();
    }
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `The request failed (${res.status}).`;
    throw new ApiError(res.status, message);
  }
  return data as T;
}
