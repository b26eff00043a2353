import type { z } from 'zod';
import { ROLES, type Role } from './roles.js';

/**
 * One entry of the endpoint table (endpoints.ts). The server registers its routes from these entries,
 * the API reference is generated from them, and the web client's `call()` is typed by them.
 */

/**
 * Who may call, coarsely: anyone, any signed-in user, or the back office (an /admin/ path). Which roles of
 * the signed-in may call is `roles` (roles.ts), read from the database on every request; without it a
 * back-office entry is the admin's alone and a signed-in entry is every role's (rolesOf).
 */
export type Policy = 'public' | 'authenticated' | 'admin';

export type Endpoint = {
  method: 'GET' | 'POST';
  path: string;
  policy: Policy;
  /** The roles that may call (roles.ts); see rolesOf for the default. */
  roles?: readonly Role[];
  /**
   * For an entry an auditor may call: the field of its query or body naming the LLC (or the property, read
   * as its LLC) the answer is about (the portal's `llc_name`/`property_name`, or the specification's
   * `selectedLLC`/`selectedProperty`). An auditor naming one not granted to them gets 404, as for a missing
   * one. `own_llcs`: the entry names no LLC, and its handler answers an auditor only what their LLCs hold.
   */
  auditorScope?: 'llc_name' | 'property_name' | 'own_llcs';
  /**
   * Needs a signed-in session, not a personal API token: the calls that manage tokens, passwords,
   * two-factor sign-in and users (docs/security.md, "API tokens").
   */
  sessionOnly?: true;
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
  /** More fields and list items than the 1,000 any request may send (plugins/input-bounds.ts): a call that carries many lines. */
  maxEntries?: number;
  /**
   * A download: the answer is a file of this type (sent as an attachment), not JSON. `response` then
   * describes it for the API reference only, and the service returns a `DownloadFile`.
   */
  file?: 'application/pdf' | 'application/zip' | 'text/csv' | 'application/octet-stream';
  /**
   * Refusals the service may answer (a wrong password or challenge on a public call, a missing row, a
   * conflict, throttling), besides those every call of its kind answers (see refusalsOf).
   */
  refusals?: readonly (401 | 404 | 409 | 413 | 429)[];
  /** `false` for a call that answers without the database (so never 503). */
  database?: false;
  /**
   * A batch that works for seconds (a bank import, a distribution run, a K-1 batch, a year of statements):
   * while one runs, answers are not computed ahead (read-model/answer-refresher.ts), which would take the
   * embedded database's one connection and a core from it.
   */
  long?: true;
  /** An upload: the body is multipart/form-data (text fields and one file part), not JSON. */
  multipart?: Multipart;
};

/**
 * A multipart/form-data upload: its text parts, parsed by `fields` as a JSON body is by `body`, and one
 * file part. The route, the API reference (a multipart requestBody) and the web client's form come from it.
 */
export type Multipart = {
  fields: z.ZodType;
  file: {
    /** The form field of the file part. */
    name: string;
    /** The types the file may be, recognised by its content; the API reference lists them. */
    types: readonly string[];
    /** The most bytes the file may have: more answers 413. */
    maxBytes: number;
    /** How many file parts the upload may carry (default 1); `maxBytes` then bounds them together. */
    maxFiles?: number;
  };
};

/** The file part of an upload, as it arrives: read it once, as a stream (it is never whole in memory). */
export type UploadedFile = {
  /** The name the client gave it (only to show and to offer back as a download's name). */
  fileName: string;
  /** The type the client claims; the content decides. */
  declaredType: string;
  /** The bytes; ends with a 413 error when the file passes the entry's maxBytes. */
  stream: AsyncIterable<Uint8Array>;
};

/**
 * What a multipart handler receives: `read` goes through the parts in the order sent, gives the file part
 * to `onFile` as it arrives (which streams it to where it is kept), and parses the text parts by the
 * entry's `fields` at the end (a 400 in the field's words when they break it). `file` is undefined when
 * none was sent.
 */
export type MultipartBody<F> = {
  read<T>(onFile: (file: UploadedFile) => Promise<T>): Promise<{ fields: F; file: T | undefined; files: T[] }>;
};

/** The roles that may call `e`: its own list, else the admin's alone for a back-office entry, else every role. */
export function rolesOf(e: Endpoint): readonly Role[] {
  if (e.policy === 'public') return [];
  return e.roles ?? (e.policy === 'admin' ? ['admin'] : ROLES);
}

/** What each refusal means, as the API reference says it. Every refusal is `{ "message" }` in plain words. */
export const REFUSAL_WORDS = {
  400: 'The request breaks a rule of this operation: a field of its schema, a rule of the books, text with control characters or broken Unicode, or a query or body nested too deeply or too wide. The message says which.',
  401: 'Not signed in: no session token, or one that is not valid any more (or, on a sign-in call, a wrong password, code or challenge). Sent with `WWW-Authenticate: Bearer`.',
  403: 'Signed in, but this role may not make this call; or a personal API token where one may not be used (a read-only token writes nothing, and no token manages tokens, passwords, two-factor sign-in or users).',
  404: 'What the request names does not exist (or is not this investor\'s to see).',
  408: 'The request did not arrive in time (REQUEST_TIMEOUT_SECONDS, 30 s by default; its headers within two thirds of it).',
  409: 'A conflict with things as they are: a name that exists, a row changed or voided since it was shown, a closed period, an Idempotency-Key reused with another body, two-factor sign-in already on (or off).',
  413: 'The body is larger than this call accepts (64 KiB; 3 MiB for a picture; a file of 25 MiB for a document).',
  415: 'The body is not JSON (`Content-Type: application/json`), or for an upload not `multipart/form-data`.',
  429: 'Too many attempts: wait for the time `Retry-After` says.',
  431: 'The request headers are larger than 16 KiB.',
  503: 'The database cannot be reached just now: try again after `Retry-After` seconds.',
} as const;
export type RefusalStatus = keyof typeof REFUSAL_WORDS;

/**
 * Every refusal a call can answer, which the API reference lists: 400 for any call (the text guard reads
 * every query and body); 401 for a call that needs a session; 403 for an admin call; 408 and 431 for any call;
 * 413 and 415 for a call with a body (a POST: the framework reads no GET body); 503 for a call that reads
 * the database; and the service's own refusals of the entry.
 */
export function refusalsOf(e: Endpoint): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>([400, 408, 431, ...(e.refusals ?? [])]);
  if (e.policy !== 'public') statuses.add(401);
  // A role the entry leaves out; a token on a session-only call; a read-only token on a write.
  if (e.policy !== 'public' && (rolesOf(e).length < ROLES.length || e.sessionOnly || e.method === 'POST')) statuses.add(403);
  if (e.method === 'POST') statuses.add(413).add(415);
  if (e.database !== false) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Declares an entry, keeping its literal types for the server's handlers and the web client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, parsed: cents, dates and months already in their domain form. */
export type ParsedQuery<E extends Endpoint> = Out<E['query']>;
export type ParsedBody<E extends Endpoint> = E['multipart'] extends Multipart ? MultipartBody<Out<E['multipart']['fields']>> : Out<E['body']>;
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
  /** The file's own type, for a download of stored files of several types (`file: 'application/octet-stream'`). */
  contentType?: string;
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
