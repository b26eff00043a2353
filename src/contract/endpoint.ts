import type { z } from 'zod';

/**
 * One entry of the endpoint table (endpoints.ts). The server registers its routes from these entries,
 * the API reference is generated from them, and the web client's `call()` is typed by them.
 */

/** Who may call: anyone, any signed-in user, or an admin (admin_level > 0, read on every request). */
export type Policy = 'public' | 'authenticated' | 'admin';

export type Endpoint = {
  method: 'GET' | 'POST';
  path: string;
  policy: Policy;
  /** The group of the API reference. */
  tag: string;
  /** One line for the API reference. */
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success. */
  response: z.ZodType;
  /** The success status: 201 for a call that creates something. */
  status?: 200 | 201;
  /**
   * The success message of a write, merged into the answer as `message`. `{field}` is replaced by that
   * field of the service's result (e.g. the registration secret of a new investor).
   */
  message?: string;
  /** Moves money: accepts an Idempotency-Key header, so a repeated request is recorded once. */
  idempotent?: boolean;
  /** Headers every successful answer carries. */
  headers?: Record<string, string>;
  /** A larger body than the app's 64 KiB default, for the one call that carries a file. */
  bodyLimit?: number;
  /**
   * A download: the answer is a file of this type (sent as an attachment), not JSON. `response` then
   * describes it for the API reference only, and the service returns a `DownloadFile`.
   */
  file?: 'application/pdf' | 'application/zip' | 'text/csv';
  /** Refusals the call may answer besides 400, 401 and 403 (a missing row, a conflict, throttling). */
  refusals?: readonly (404 | 409 | 413 | 429)[];
};

/** Declares an entry, keeping its literal types for the server's handlers and the web client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, parsed: cents, dates and months already in their domain form. */
export type ParsedQuery<E extends Endpoint> = Out<E['query']>;
export type ParsedBody<E extends Endpoint> = Out<E['body']>;
/** What a client sends: the text a form holds. */
export type QueryInput<E extends Endpoint> = In<E['query']>;
export type BodyInput<E extends Endpoint> = In<E['body']>;
/** What the call answers. */
export type Reply<E extends Endpoint> = z.output<E['response']>;
/**
 * A file the server sends: its name for the Content-Disposition header, and its bytes whole or as a
 * stream (a zip of many statements is written while it is sent).
 */
export type DownloadFile = {
  fileName: string;
  body: Uint8Array | AsyncIterable<Uint8Array>;
  /** How many files a zip will hold at most, sent as X-File-Count so a client can show progress. */
  fileCount?: number;
};

/** What the service returns: the answer without the message the table adds, or the file of a download. */
export type ServiceResult<E extends Endpoint> = E['file'] extends string
  ? DownloadFile
  : E['message'] extends string
  ? Omit<z.input<E['response']>, 'message'> | void
  : z.input<E['response']>;

/** Fills `{field}` of a message from the service's result. */
export function successMessage(template: string, result: unknown): string {
  const fields = (result ?? {}) as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(fields[name] ?? ''));
}
