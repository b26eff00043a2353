import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../../contract/endpoint.js';
import { endpoints } from '../../../contract/endpoints.js';
import type { SessionUser } from '../../modules/auth/auth.repository.js';
import { MAX_DEPTH, MAX_ENTRIES } from '../../plugins/input-bounds.js';
import { inspectRequest } from '../../plugins/text-guard.js';
import type { Handler, Handlers } from '../handlers.js';
import { responseSerializerCompiler } from '../response-serializer.js';
import { answerText, checkAuditorScope, type AuditorScopeCheck } from '../register-endpoints.js';
import type { McpTool } from './mcp-tools.js';

/** A tool's arguments as the route's query: what its query string would parse to, or undefined when unsure. */
type Query = Record<string, string | string[]>;

/** A field name a form sends: anything else (a name with a bracket, an object's own names) goes through the route. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const OBJECT_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The query object the router makes of restUrl's query string (mcp-tools.ts): each key's values as text, a
 * lone value as a string and repeated ones as a list, null and undefined left out, an object as its JSON.
 */
function queryOf(args: Record<string, unknown> | undefined): Query | undefined {
  const query: Query = {};
  for (const [key, value] of Object.entries(args ?? {})) {
    if (!PLAIN_KEY.test(key) || OBJECT_NAMES.has(key)) return undefined;
    const texts = (Array.isArray(value) ? value : [value])
      .filter((one) => one !== undefined && one !== null)
      .map((one) => (typeof one === 'object' ? JSON.stringify(one) : String(one)));
    if (texts.length > 0) query[key] = texts.length === 1 ? texts[0]! : texts;
  }
  return query;
}

type ToolRead = { entry: Endpoint; handler: Handler<Endpoint>; validate?: (q: unknown) => { value?: unknown; error?: unknown }; serialize: (data: unknown) => string };

/**
 * A tool call's answer read straight from its route's handler, as the route reads it once its request is
 * signed in: the same text guard and query schema, the same auditor scope check, the same handler and the
 * same response serializer or kept JSON. It skips only what the MCP request itself already did (reading
 * the HTTP request, signing the token in and checking its role, which toolsFor did) and a second pass
 * through the framework, which cost an MCP call as much again as the REST call (docs/performance.md).
 *
 * Only an answer is taken this way. Anything else (an argument the route would refuse, an LLC not the
 * auditor's, a name not found, a failure) answers undefined, and the caller asks the route itself, whose
 * refusal is the REST API's own, word for word. A read changes nothing, so asking twice is harmless.
 */
export function createToolReads(handlers: Handlers, auditorScope: AuditorScopeCheck) {
  const reads = new Map<string, ToolRead>();
  for (const [name, entry] of Object.entries(endpoints as Record<string, Endpoint>)) {
    // A download or an answer wrapped in a success message is no tool's plain JSON: those go through the route.
    if (entry.method !== 'GET' || entry.file || entry.message) continue;
    const handler = (handlers as Record<string, Handler<Endpoint> | undefined>)[name];
    if (!handler) continue;
    reads.set(name, {
      entry,
      handler,
      // The compiler the app validates with (app.ts): it answers { value } or { error }, never a promise.
      ...(entry.query ? { validate: validatorCompiler({ schema: entry.query, method: 'GET', url: entry.path, httpPart: 'querystring' }) as ToolRead['validate'] } : {}),
      serialize: responseSerializerCompiler({ schema: entry.response, method: 'GET', url: entry.path, httpStatus: '200' }) as (data: unknown) => string,
    });
  }

  return async function answerOf(tool: McpTool, args: Record<string, unknown> | undefined, user: SessionUser, ip: string): Promise<string | undefined> {
    const read = reads.get(tool.name);
    const raw = queryOf(args);
    if (!read || !raw) return undefined;
    if (inspectRequest([raw, undefined], { depth: MAX_DEPTH, entries: read.entry.maxEntries ?? MAX_ENTRIES })) return undefined;
    const parsed = read.validate ? read.validate(raw) : { value: raw };
    if (parsed.error) return undefined;
    try {
      await checkAuditorScope(read.entry, user, parsed.value, auditorScope);
      const result = await read.handler({
        query: parsed.value as never, body: undefined as never, user, ip,
        write: () => { throw new Error(`${tool.name} is a read: it has no write context`); },
      });
      return answerText(result, read.serialize);
    } catch {
      return undefined;
    }
  };
}

export type ToolReads = ReturnType<typeof createToolReads>;
