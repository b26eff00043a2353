import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/errors.js';

/**
 * Bounded input (docs/security.md P1): no request may make the server do work out of proportion to
 * its size. A request of the portal is one flat object of a few fields; these bounds leave ample room
 * for that and refuse, with a 400 in plain words, what only an attacker sends: a value nested 32,000
 * deep fits in a 64 KiB body and used to crash the server.
 */
export const MAX_DEPTH = 32;
/** Fields and list items of a request's query and body together; the largest request has under 20. */
export const MAX_ENTRIES = 1000;

export const TOO_DEEP = `The request is nested too deeply (at most ${MAX_DEPTH} levels).`;
export const TOO_WIDE = `The request has too many fields and list items (at most ${MAX_ENTRIES.toLocaleString('en-US')}).`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another, read from the text in
 * one pass (brackets inside strings do not count). Text that is not JSON is left to JSON.parse to refuse.
 */
export function nestedDeeperThan(text: string, max: number = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies are checked for depth on their text before they are parsed. JSON.parse itself copes with
 * deep text, but builds every level: a picture upload's 3 MB allows 1.5 million of them, some 90 MB of
 * a 224 MB heap and half a second, before any hook could look. Otherwise Fastify's own parser, with its checks for
 * `__proto__` and `constructor.prototype` keys, parses as before.
 */
export function registerBoundedJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string)) {
      done(new ValidationError(TOO_DEEP), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
