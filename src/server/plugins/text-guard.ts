import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/errors.js';

/**
 * Hostile text never reaches a service (issue 11, security.md V1–V5): before any schema runs, every
 * string of a request's query and body is checked for NUL bytes and other control characters and for
 * broken Unicode (a lone UTF-16 surrogate). Line breaks and tabs stay allowed (notes, descriptions);
 * every printable character of any language is allowed. Single-line fields refuse line breaks in
 * their own schema (contract/fields.ts).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBad = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** The path of the first bad string in a value, or null. */
export function firstBadText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isBad(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [k, v] of value.entries()) {
      const bad = firstBadText(v, [...path, String(k)]);
      if (bad) return bad;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (isBad(k)) return [...path, '(a field name)'];
      const bad = firstBadText(v, [...path, k]);
      if (bad) return bad;
    }
  }
  return null;
}

const label = (path: string[]) => {
  const words = (path.at(-1) ?? 'The request').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.body]) {
      const bad = firstBadText(part);
      if (bad) throw new ValidationError(`${label(bad)} must not contain control characters (such as NUL) or broken Unicode.`);
    }
  });
}
