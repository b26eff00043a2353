import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REFUSAL_WORDS, refusalsOf, rolesOf, successMessage, type DownloadFile, type Endpoint } from '../../contract/endpoint.js';
import { endpoints } from '../../contract/endpoints.js';
import { ErrorResponse } from '../../contract/schemas/common.js';
import type { Handler, Handlers } from './handlers.js';
import type { SessionUser } from '../modules/auth/auth.repository.js';
import { jsonOf } from '../lib/kept-json.js';
import type { LongWork } from '../lib/long-work.js';
import { keptBytes } from '../modules/read-model/kept-reply.js';
import { acceptsGzip } from './content-coding.js';
import { writeContext } from './request-context.js';
import { multipartBody, multipartSchema, readByHandler } from './multipart-body.js';

const IDEMPOTENCY_NOTE =
  'Moves money. Send an `Idempotency-Key` header (8–128 letters, digits, - or _; a UUID fits): a repeated ' +
  'request with the same key is recorded once and answers the first answer again.';

/**
 * Registers every route of the endpoint table with its handler, the one generic registration of the
 * app: validation and parsing by the entry's schemas, the access policy (plugins/auth-guard.ts), the
 * success status and message, and the schemas the API reference is generated from.
 */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, auditorScope: AuditorScopeCheck, longWork: LongWork): void {
  const table: Record<string, Endpoint> = endpoints;
  const unknown = Object.keys(handlers).filter((name) => !(name in table));
  if (unknown.length) throw new Error(`Handlers without an endpoint entry: ${unknown.join(', ')}`);
  const unscoped = unscopedAuditorEntries(table);
  if (unscoped.length) throw new Error(`Entries an auditor may call without an auditorScope: ${unscoped.join(', ')}`);

  for (const [name, e] of Object.entries(table)) {
    const handler = (handlers as Record<string, Handler<Endpoint> | undefined>)[name];
    if (!handler) throw new Error(`Endpoint ${name} (${e.method} ${e.path}) has no handler`);
    const status = e.status ?? 200;
    // Every API answer is no-store unless its entry says otherwise (docs/security.md D1): set here, per
    // route, rather than by a hook every request (static files included) would run.
    const headers = { 'cache-control': 'no-store', ...e.headers };
    // The route's answer: the auditor's scope, the handler, and the answer in its form (file, kept JSON, JSON).
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      await checkAuditorScope(e, request.user, request.query ?? request.body, auditorScope);
      const result = await handler({
        query: request.query as never,
        body: (e.multipart ? multipartBody(request, e.multipart) : request.body) as never,
        user: request.user as never,
        ip: request.ip,
        write: () => writeContext(request),
      });
      if (e.file) return sendFile(reply, e.file, result as DownloadFile);
      // A kept answer goes out as it was kept, gzipped (modules/read-model/kept-reply.ts): no second
      // serialization, no compression per request; inflated for a client that does not take gzip.
      const kept = e.message ? undefined : keptBytes(result);
      if (kept !== undefined) {
        reply.code(status).headers(headers).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
        if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(jsonOf(kept));
        return reply.header('content-encoding', 'gzip').send(kept.gzip);
      }
      const body = e.message ? { message: successMessage(e.message, result), ...(result ?? {}) } : result;
      return reply.code(status).headers(headers).send(body);
    };
    app.withTypeProvider<ZodTypeProvider>().route({
      method: e.method,
      url: e.path,
      config: { policy: e.policy, endpoint: name, roles: rolesOf(e), ...(e.sessionOnly ? { sessionOnly: true } : {}) },
      ...(e.bodyLimit ? { bodyLimit: e.bodyLimit } : {}),
      ...(e.multipart ? { validatorCompiler: readByHandler } : {}),
      schema: {
        operationId: name,
        tags: [e.tag],
        summary: e.summary,
        ...(e.policy === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body ? { body: e.body } : {}),
        ...(e.multipart ? multipartSchema(e.multipart) : {}),
        ...(e.idempotent ? { description: IDEMPOTENCY_NOTE } : {}),
        response: {
          [status]: e.file ? { description: e.summary, content: { [e.file]: { schema: e.response } } } : e.response,
          // Every refusal the call can answer, each `{ message }` with what it means (contract/endpoint.ts).
          ...Object.fromEntries(refusalsOf(e).map((code) => [code, {
            description: REFUSAL_WORDS[code], content: { 'application/json': { schema: ErrorResponse } },
          }])),
        },
      },
      handler: async (request, reply) => {
        if (!e.long && e.method === 'GET') return answer(request, reply);
        // A batch or a write runs from its start until its work is done: the handler's end, or for a file
        // streamed after the handler returns, the response's close (its last byte sent, or the client gone,
        // which stops the stream). Not the close alone: a client that hangs up does not stop a handler.
        const end = longWork.begin();
        try {
          return await answer(request, reply);
        } finally {
          const raw = reply.raw;
          // A short file may be out already: its close is then gone by too.
          if (e.file && !(raw.writableFinished || raw.closed || raw.destroyed)) raw.once('close', end);
          else end();
        }
      },
    });
  }
}

/**
 * An auditor reads the books by LLC: a back-office entry they may call must name the field of its LLC or
 * property (`auditorScope`), or nothing would hold them to their LLCs. (Their own account's calls, the
 * session and notice settings, are about no LLC.) Answers the names of the entries that break this.
 */
export function unscopedAuditorEntries(table: Record<string, Endpoint>): string[] {
  return Object.entries(table).filter(([, e]) => e.policy === 'admin' && rolesOf(e).includes('auditor') && !e.auditorScope).map(([name]) => name);
}

/** Whether an auditor may read the LLC (or the property's LLC) named: 404 in a missing one's words if not (modules/staff). */
export type AuditorScopeCheck = (user: SessionUser, scope: 'llc_name' | 'property_name', name: string) => Promise<void>;

/**
 * The fields that name an entry's LLC or property: the portal's own name, or the specification's for the
 * reports and viewers it kept (`selectedLLC`, `selectedProperty`).
 */
const SCOPE_FIELDS = { llc_name: ['llc_name', 'selectedLLC'], property_name: ['property_name', 'selectedProperty'] } as const;

/**
 * An auditor's call of an entry with an `auditorScope`, once its query or body is parsed and before its
 * handler: the LLC or property it names must be among the LLCs granted to them. Naming none reads every
 * LLC, which an auditor may not: the same 404 as for one not granted. Exported for the other ways in
 * to the table's entries (the MCP tools).
 */
export async function checkAuditorScope(e: Endpoint, user: SessionUser | null, input: unknown, check: AuditorScopeCheck): Promise<void> {
  if (user?.role !== 'auditor' || !e.auditorScope || e.auditorScope === 'own_llcs') return;
  const fields = (input ?? {}) as Record<string, unknown>;
  const field = SCOPE_FIELDS[e.auditorScope].find((f) => typeof fields[f] === 'string');
  const name = field === undefined ? '' : (fields[field] as string);
  await check(user, e.auditorScope, name);
}

/**
 * A read's answer as JSON text, for the other ways in to the table's entries (the MCP tools): a kept one as it
 * was kept, any other through its entry's response serializer, as the route sends them.
 */
export function answerText(result: unknown, serialize: (data: unknown) => string): string {
  const kept = keptBytes(result);
  return kept !== undefined ? jsonOf(kept) : serialize(result);
}

/**
 * A download as an attachment with a readable file name (RFC 6266: an ASCII fallback, and the exact
 * name UTF-8 encoded). `no-store`: a statement is private, and a shared cache must never keep one.
 */
function sendFile(reply: FastifyReply, type: string, file: DownloadFile) {
  const ascii = file.fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  // A stream goes out as it is: wrapped again, a client that leaves would reach it only a chunk later.
  const body =
    file.body instanceof Uint8Array ? Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength)
    : file.body instanceof Readable ? file.body
    : Readable.from(file.body);
  // RFC 5987 allows fewer characters than encodeURIComponent leaves alone: ' ( ) * are encoded too.
  const exact = encodeURIComponent(file.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .code(200)
    .type(file.contentType ?? (type === 'text/csv' ? 'text/csv; charset=utf-8' : type))
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`)
    .header('cache-control', 'no-store')
    .headers(file.fileCount === undefined ? {} : { 'x-file-count': String(file.fileCount) })
    .send(body);
}
