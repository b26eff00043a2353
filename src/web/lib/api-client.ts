import type { BodyInput, Endpoint, QueryInput, Reply } from '../../contract/endpoint';
import type { endpoints } from '../../contract/endpoints';
import { newIdempotencyKey } from './idempotency';
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

/** What a call of `E` sends: its query or body as the text a form holds (the server parses it). */
export type CallInput<E extends Endpoint> = (E['query'] extends object ? { query: QueryInput<E> } : { query?: never }) &
  (E['body'] extends object ? { body: BodyInput<E> } : { body?: never });

export type CallOptions = {
  /** Sign-in and registration: no token sent, and a 401 means bad input, not an ended session. */
  anonymous?: boolean;
  /** Sends the token but does not go to / on 401 (sign-out of an already ended session). */
  noRedirect?: boolean;
  /** Cancels the request (TanStack Query passes one when a query is no longer wanted). */
  signal?: AbortSignal;
};

/** A call with nothing to send may leave its input out. */
type Args<E extends Endpoint> = E['query'] extends object
  ? [input: CallInput<E>, opts?: CallOptions]
  : E['body'] extends object
    ? [input: CallInput<E>, opts?: CallOptions]
    : [input?: CallInput<E>, opts?: CallOptions];

let onSessionEnd: () => void = () => window.location.assign('/');

/** The app registers how to go to / when the session ends (401 or 422, docs/product.md "Screens"). */
export function setSessionEndHandler(handler: () => void): void {
  onSessionEnd = handler;
}

/** Development and tests check every answer against the table's response schema. */
const CHECK_REPLIES = import.meta.env.DEV || import.meta.env.MODE === 'test';

function checkReply(endpoint: Endpoint, data: unknown): void {
  const result = endpoint.response.safeParse(data);
  if (result.success) return;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  console.error(`${endpoint.method} ${endpoint.path} answered a shape its endpoint does not declare: ${issues}`);
}

const queryString = (query: unknown): string => {
  if (!query || typeof query !== 'object') return '';
  const pairs = Object.entries(query as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]): [string, string] => [k, String(v)]);
  return pairs.length ? `?${new URLSearchParams(pairs)}` : '';
};

/** Sends one call of the table and turns a refusal into an ApiError with the server's words. */
async function send(endpoint: Pick<Endpoint, 'method' | 'path' | 'idempotent'>, accept: string, input: unknown, opts: CallOptions): Promise<Response> {
  const { query, body } = (input ?? {}) as { query?: unknown; body?: unknown };
  const headers: Record<string, string> = { accept };
  const token = getToken();
  if (token && !opts.anonymous) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (endpoint.idempotent) headers['idempotency-key'] = newIdempotencyKey();
  let res: Response;
  try {
    res = await fetch(endpoint.path + queryString(query), {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (res.ok) return res;
  const data: unknown = await res.json().catch(() => null);
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

/**
 * The one HTTP client of the web app, typed by the endpoint table: `call(endpoints.propertyTxns, { query })`.
 * Method and path come from the entry; JSON in and out; the Bearer token on every call but sign-in; a
 * fresh Idempotency-Key on every call that moves money, so a repeated submit is recorded once.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, opts = {}]: Args<E>): Promise<Reply<E>> {
  const res = await send(endpoint, 'application/json', input, opts);
  const data: unknown = await res.json().catch(() => null);
  if (CHECK_REPLIES) checkReply(endpoint, data);
  return data as Reply<E>;
}

type Table = typeof endpoints;
/** Entries a route may name: not a download, and no Idempotency-Key to send (routes carry neither). */
export type Routable = { [K in keyof Table]: Table[K] extends { idempotent: true } | { file: string } ? never : K }[keyof Table];

/**
 * An entry of the table named by its key, holding at run time only what sending it needs. The entries
 * themselves carry their zod schemas; the sign-in screen calls through routes so that it loads without
 * zod (docs/performance.md: the login route ≤ 100 KB of JavaScript). Its types are still the entry's.
 */
export type Route<K extends Routable> = { readonly entry: K; readonly method: Table[K]['method']; readonly path: Table[K]['path'] };

/** Declares a route; a method or path that is not the entry's fails the type check. */
export const route = <K extends Routable>(entry: K, method: Table[K]['method'], path: Table[K]['path']): Route<K> => ({
  entry,
  method,
  path,
});

/** Downloads of the table: entries that answer a file, sent without an Idempotency-Key. */
type FileEntry = { [K in keyof Table]: Table[K] extends { file: string } ? (Table[K] extends { idempotent: true } ? never : K) : never }[keyof Table];

/** A download named by its entry, holding at run time only what fetching it needs (as Route does for calls). */
export type FileRoute<K extends FileEntry> = { readonly entry: K; readonly method: Table[K]['method']; readonly path: Table[K]['path']; readonly file: Table[K]['file'] };

/** Declares a download's route; a method, path or file type that is not the entry's fails the type check. */
export const fileRoute = <K extends FileEntry>(entry: K, method: Table[K]['method'], path: Table[K]['path'], file: Table[K]['file']): FileRoute<K> => ({
  entry,
  method,
  path,
  file,
});

/** `call()` of a route: the same request and answer as calling its entry. */
export async function callRoute<K extends Routable>(called: Route<K>, ...[input, opts = {}]: Args<Table[K]>): Promise<Reply<Table[K]>> {
  const res = await send(called, 'application/json', input, opts);
  const data: unknown = await res.json().catch(() => null);
  // Only development and tests load the table here; the production build drops this branch.
  if (CHECK_REPLIES) void import('../../contract/endpoints').then(({ endpoints: table }) => checkReply(table[called.entry], data));
  return data as Reply<Table[K]>;
}

/** The file name of a download's Content-Disposition (the exact UTF-8 one when given). */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (exact) return decodeURIComponent(exact[1]!);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * A download of the table (a statement, a package, an export): fetched with the session's token, which a
 * plain link cannot carry, then handed to the browser to save under the server's file name.
 */
export async function download<K extends FileEntry>(endpoint: FileRoute<K>, input: CallInput<Table[K]>, onProgress?: (p: DownloadProgress) => void): Promise<string>;
export async function download<E extends Endpoint & { file: string }>(endpoint: E, input: CallInput<E>, onProgress?: (p: DownloadProgress) => void): Promise<string>;
export async function download(
  endpoint: Pick<Endpoint, 'method' | 'path' | 'idempotent'> & { file: string },
  input: unknown,
  onProgress?: (p: DownloadProgress) => void,
): Promise<string> {
  const res = await send(endpoint, endpoint.file, input, {});
  const name = fileNameOf(res, endpoint.path.split('/').pop() ?? 'download');
  const fileCount = Number(res.headers.get('x-file-count')) || undefined;
  if (!onProgress || !res.body) {
    saveFile(await res.blob(), name);
    return name;
  }
  // Read as it arrives, so a zip the server writes while sending shows how far it has come.
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, fileCount });
  }
  saveFile(new Blob(parts, { type: endpoint.file }), name);
  return name;
}

/** How much of a download has arrived, and how many files a zip holds at most (X-File-Count). */
export type DownloadProgress = { bytes: number; fileCount?: number };

/** Saves a file the page holds (a download, or a CSV made in the browser) under its name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is only memory now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An error's plain words. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
