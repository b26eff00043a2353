import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../contract/endpoint.js';
import { endpoints } from '../../contract/endpoints.js';
import { ValidationError } from '../lib/errors.js';
import { MAX_DEPTH, MAX_ENTRIES, TOO_DEEP, TOO_WIDE } from './input-bounds.js';

/**
 * Hostile text never reaches a service (docs/security.md V1–V5): before any schema runs, every
 * string of a request's query and body is checked for NUL bytes and other control characters and for
 * broken Unicode (a lone UTF-16 surrogate). Line breaks and tabs stay allowed (notes, descriptions);
 * every printable character of any language is allowed. Single-line fields refuse line breaks in
 * their own schema (contract/fields.ts).
 *
 * The same walk bounds the request's shape (plugins/input-bounds.ts): at most 32 levels of
 * nesting and 1,000 fields and list items, enforced as it goes. It is a loop over an explicit stack, not
 * recursion, so no value can exhaust the call stack; it runs before validation, the first recursive work.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBad = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** A value still to look at, with how it was reached: its path is spelled out only if it is bad. */
type Visit = { value: unknown; key: string | number | null; parent: Visit | null; depth: number };

export type Finding = { problem: 'too deep' } | { problem: 'too wide' } | { problem: 'bad text'; path: string[] };

/**
 * What is wrong with a request's parts, or null: the first bad string (in the order the parts are
 * written) or the first point past a bound. The work is linear in the request's size.
 */
export function inspectRequest(parts: unknown[], limits = { depth: MAX_DEPTH, entries: MAX_ENTRIES }): Finding | null {
  let entries = 0;
  const stack: Visit[] = parts.map((value) => ({ value, key: null, parent: null, depth: 0 })).reverse();
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (typeof visit.key === 'string' && isBad(visit.key)) return { problem: 'bad text', path: [...pathOf(visit.parent), '(a field name)'] };
    const { value } = visit;
    if (typeof value === 'string') {
      if (isBad(value)) return { problem: 'bad text', path: pathOf(visit) };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const depth = visit.depth + 1;
    if (depth > limits.depth) return { problem: 'too deep' };
    // Counted before anything is copied; pushed last first, so they are taken in the order written.
    if (Array.isArray(value)) {
      entries += value.length;
      if (entries > limits.entries) return { problem: 'too wide' };
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit, depth });
    } else {
      const keys = Object.keys(value);
      entries += keys.length;
      if (entries > limits.entries) return { problem: 'too wide' };
      const fields = value as Record<string, unknown>;
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: fields[keys[i]!], key: keys[i]!, parent: visit, depth });
    }
  }
  return null;
}

/** The keys from the request's top down to a value (the part itself has none). */
function pathOf(visit: Visit | null): string[] {
  const path: string[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) path.push(String(v.key));
  return path.reverse();
}

const label = (path: string[]) => {
  const words = (path.at(-1) ?? 'The request').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields and list items a call may send: MAX_ENTRIES, or more where its entry says (a bank import's
 * commit sends up to 10,000 lines of a few fields each).
 */
const entriesOf = (endpoint: string | undefined): number =>
  (endpoint ? (endpoints as Record<string, Endpoint>)[endpoint]?.maxEntries : undefined) ?? MAX_ENTRIES;

export function registerTextGuard(app: FastifyInstance): void {
  // A hook with a callback, not async: every call of the table runs it, and a promise per request costs
  // more than the check. Each route's hook holds its own bound (`request.routeOptions` is a new object at every read).
  const guardFor = (entries: number) => (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const found = inspectRequest([request.query, request.body], { depth: MAX_DEPTH, entries });
    if (!found) return done();
    if (found.problem === 'too deep') return done(new ValidationError(TOO_DEEP));
    if (found.problem === 'too wide') {
      return done(new ValidationError(entries === MAX_ENTRIES ? TOO_WIDE : TOO_WIDE.replace(MAX_ENTRIES.toLocaleString('en-US'), entries.toLocaleString('en-US'))));
    }
    done(new ValidationError(`${label(found.path)} must not contain control characters (such as NUL) or broken Unicode.`));
  };
  // On every call of the endpoint table (a query is refused when too wide even on a call that takes none)
  // and every route that takes a body; the web app's files and the API reference's pages read no input.
  app.addHook('onRoute', (route) => {
    const endpoint = (route.config as { endpoint?: string } | undefined)?.endpoint;
    const readsInput = Boolean(endpoint) || [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
    if (readsInput) route.preValidation = [...[route.preValidation ?? []].flat(), guardFor(entriesOf(endpoint))];
  });
}
