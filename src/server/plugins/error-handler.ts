import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateText } from '../../contract/values/human-format.js';
import { AppError } from '../lib/errors.js';
import { allowedMethods, methodNotAllowed } from '../http/allowed-methods.js';

// Zod's default texts ("Invalid input: expected string, received undefined", "Too big: expected string
// to have <=10 characters") are for developers. These read as plain words after the field name:
// "amount is required", "password must be a string", "Expense date must be at most 10 characters".
const KIND_WORDS: Record<string, string> = { int: 'a whole number', object: 'an object', array: 'a list', boolean: 'true or false' };
const MAX_UNKNOWN_SHOWN = 5;

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? 'is required' : `must be ${KIND_WORDS[issue.expected] ?? `a ${issue.expected}`}`;
      case 'unrecognized_keys': {
        const shown = issue.keys.slice(0, MAX_UNKNOWN_SHOWN).join(', ');
        const more = issue.keys.length > MAX_UNKNOWN_SHOWN ? ` and ${issue.keys.length - MAX_UNKNOWN_SHOWN} more` : '';
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${shown}${more}.`;
      }
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
        if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${issue.maximum} items`;
        return issue.inclusive === false ? `must be less than ${issue.maximum}` : `must be at most ${issue.maximum}`;
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
        if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${issue.minimum} items`;
        return issue.inclusive === false ? `must be more than ${issue.minimum}` : `must be at least ${issue.minimum}`;
      case 'invalid_value':
        return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
      case 'invalid_format':
        return 'is not in the right format';
      case 'invalid_union':
        return 'is not valid';
      default:
        return undefined;
    }
  },
});

type Issue = { instancePath: string; message?: string };

/** One sentence from the first problem; fragments get their field name in front. */
function describe(issues: Issue[], context: string | undefined): string {
  const first = issues[0];
  if (!first?.message) return 'The request is not valid.';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const msg = first.message;
  if (/^[A-Z]/.test(msg)) return msg;
  const subject = field ? humanize(field) : context === 'querystring' ? 'The query' : 'The request body';
  return `${subject} ${msg}${/[.!?]$/.test(msg) ? '' : '.'}`;
}

/** "investor_name" → "Investor name". */
function humanize(field: string): string {
  const words = field.replaceAll('_', ' ').replaceAll('.', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * The database is down or restarting (docs/security.md F2): node's connection errors, PostgreSQL's class 08
 * (connection exception) and 57P01–57P03 (shutting down, cannot connect now), the pool's own timeout.
 */
function databaseUnreachable(err: { code?: string; message?: string }): boolean {
  const code = err.code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) || /^08/.test(code)
    // node-postgres marks a client broken when the server ends it mid-transaction (a fast shutdown), and
    // its next query throws this, without a code (found by tests/faults/database-outage.test.ts).
    || /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(err.message ?? '');
}

/** The database's second guard on capital and deposits (migration 0010): its message is written for people. */
function balanceGuardTripped(err: { code?: string; constraint?: string }): boolean {
  return err.code === '23514' && err.constraint === 'ledger_balance_guard';
}

/** Maps typed errors to HTTP (architecture rule 5): 4xx say what is wrong, 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A refusal is never kept by a cache (docs/security.md D1), whichever route or path it answers.
    void reply.header('cache-control', 'no-store');
    if (err instanceof AppError) {
      // Security events (docs/security.md E4, E5): every refusal is logged with who, which call and why, so
      // failed sign-ins, lockouts, denied access, refused withdrawals and period-lock refusals are all there.
      request.log.warn({
        event: err.statusCode === 401 ? 'unauthenticated' : err.statusCode === 403 ? 'forbidden' : err.statusCode === 429 ? 'throttled' : 'refused',
        status: err.statusCode, endpoint: request.routeOptions.config?.endpoint, user: request.user?.userId, reason: err.message,
        ...err.logDetails,
      }, 'request refused');
      return reply.code(err.statusCode).headers(err.headers).send({ message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ message: describe(err.validation, err.validationContext) });
    }
    if (balanceGuardTripped(err)) {
      // The services check every balance before they write: the database's guard refusing a commit
      // means a check was missed or the books were changed outside the app. Refused, and logged loudly.
      request.log.error({ event: 'balance_guard', endpoint: request.routeOptions.config?.endpoint, user: request.user?.userId, reason: err.message }, 'balance guard refused a write');
      // The database writes the day ISO; the person reads it as every other message writes a date.
      return reply.code(409).send({ message: err.message.replace(/ on (\d{4}-\d{2}-\d{2})\.$/, (_, day: string) => ` on ${dateText(day)}.`) });
    }
    if (databaseUnreachable(err)) {
      request.log.error({ err: { code: err.code, message: err.message } }, 'database unreachable');
      return reply.code(503).header('retry-after', '5').send({ message: 'The database cannot be reached just now. Try again in a moment.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[err.code] ??
        (err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || err.name === 'SyntaxError'
          ? 'The request body is not valid JSON.'
          : 'The request is not valid.');
      return reply.code(status).send({ message });
    }
    request.log.error({ err }, 'request failed');
    // Like every refusal, a message in plain words; the request id finds the logged error.
    return reply.code(500).send({
      message: `Something went wrong on the server. Try again in a moment; if it happens again, tell your administrator (request ${request.id}).`,
      requestId: request.id,
    });
  });

  // A path that is a route, asked with a method it does not take, is a 405 naming the ones it does.
  app.setNotFoundHandler((request, reply) => {
    void reply.header('cache-control', 'no-store');
    const allowed = allowedMethods(app, request.url);
    return allowed.length ? methodNotAllowed(reply, request.method, allowed) : reply.code(404).send({ message: 'Not found.' });
  });
}
