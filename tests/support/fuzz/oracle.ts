import type { Endpoint } from '../../../src/contract/endpoint.js';
import type { FuzzCase } from './cases.js';
import { changes, type WriteCounts } from './write-counter.js';

/**
 * What every answer must satisfy, whatever was sent: no 5xx; a refusal is JSON `{ message }` in plain
 * words that reveal nothing of the server's insides; a refusal writes nothing; a success is the
 * contract's answer; and where the contract or the access policy refuses the input, the status says so.
 */

export type Answer = { status: number; body: string; headers?: Record<string, unknown> };

/** Words that betray the server's insides, and what each one would reveal. */
const LEAKS: [RegExp, string][] = [
  [/^\s*at |\bat [\w$.<>[\] ]+ \(|\(\S+:\d+:\d+\)/m, 'a stack trace'],
  [/\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WHERE|RETURNING)\b/, 'SQL'],
  [/relation "|column "|syntax error at|violates .*constraint|duplicate key|invalid input syntax|out of range for type|SQLSTATE/i, 'a database error'],
  [/\bpg\b|\bpg_|postgres|pglite/i, "the database's name"],
  [/ZodError|invalid_type|invalid_union|invalid_format|too_big|too_small|unrecognized_keys|expected \w+, received/, "the schema library's error codes"],
  // zod's own default texts ("Too big: expected string to have <=100 characters", "Invalid input"): words for
  // the developer, which plugins/error-handler.ts means to replace with words a user understands.
  [/\bToo (big|small): expected\b|^Invalid (input|option)\b|expected one of/, "the schema library's default wording"],
  [/\bFST_\w+|\bERR_\w+|\b(Type|Range|Syntax|Reference)Error\b|\bError:/, 'an error code or class'],
  [/[/\\](src|node_modules|work|home|tmp|usr)[/\\]|\.(ts|js|mjs|cjs):\d+/, 'a file path'],
  [/\bundefined\b|\[object \w+\]|\bNaN\b/, 'undefined, NaN or [object Object]'],
];

/** Refusals the framework itself may answer on any call: a body over the limit, a body that is not JSON. */
const FRAMEWORK_REFUSALS = [413, 415];
const ALWAYS_REFUSED = [400, 401, 403];

/**
 * The message with the client's own words taken out (an unknown field is named back to its sender:
 * that is no leak), as the server may quote them: verbatim, or with underscores as spaces.
 */
function withoutEchoes(message: string, echoes: string[]): string {
  let rest = message;
  for (const echo of echoes) {
    if (echo.length < 3 || echo.length > rest.length) continue;
    for (const form of new Set([echo, echo.replaceAll('_', ' ')])) {
      const at = rest.toLowerCase().indexOf(form.toLowerCase());
      if (at >= 0) rest = rest.slice(0, at) + ' ' + rest.slice(at + form.length);
    }
  }
  return rest;
}

export function leaksIn(message: string, echoes: string[]): string[] {
  const own = withoutEchoes(message, echoes);
  return LEAKS.filter(([re]) => re.test(own)).map(([, what]) => what);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function refusalProblems(c: FuzzCase, e: Endpoint, a: Answer): string[] {
  const problems: string[] = [];
  const allowed = [...ALWAYS_REFUSED, ...FRAMEWORK_REFUSALS, ...(e.refusals ?? [])];
  if (!allowed.includes(a.status)) problems.push(`answered ${a.status}, which the endpoint table does not declare`);
  const parsed = parseJson(a.body);
  if (!parsed.ok) return [...problems, 'a refusal that is not JSON'];
  const body = parsed.value as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || typeof body.message !== 'string' || body.message.trim() === '') {
    return [...problems, 'a refusal without a message'];
  }
  const extra = Object.keys(body).filter((k) => k !== 'message');
  if (extra.length) problems.push(`a refusal with more than a message: ${extra.join(', ')}`);
  for (const what of leaksIn(body.message, c.echoes)) problems.push(`the message reveals ${what}`);
  return problems;
}

function successProblems(e: Endpoint, a: Answer): string[] {
  const expected = e.status ?? 200;
  if (a.status !== expected) return [`answered ${a.status} where the table says ${expected}`];
  if (e.file) {
    const type = String(a.headers?.['content-type'] ?? '');
    const disposition = String(a.headers?.['content-disposition'] ?? '');
    return [
      ...(type.startsWith(e.file) ? [] : [`a download answered as ${type}, not ${e.file}`]),
      ...(disposition.startsWith('attachment; filename=') ? [] : ['a download without an attachment file name']),
    ];
  }
  const parsed = parseJson(a.body);
  if (!parsed.ok) return ['a success that is not JSON'];
  const r = e.response.safeParse(parsed.value);
  return r.success ? [] : [`a success that does not match the contract's answer: ${r.error.issues[0]?.message ?? ''}`];
}

function expectationProblems(c: FuzzCase, a: Answer): string[] {
  switch (c.expect) {
    case 'schema':
      return [400, 413, 415].includes(a.status) ? [] : [`the contract refuses this input, but the answer was ${a.status} (not 400)`];
    case 401:
    case 403:
      return a.status === c.expect ? [] : [`the access policy should answer ${c.expect}, not ${a.status}`];
    case 'refused':
      return a.status >= 400 && a.status < 500 ? [] : [`should be refused, but the answer was ${a.status}`];
    case 'any':
      return [];
  }
}

/** Everything wrong with one answer; empty when it is right. */
export function problemsOf(c: FuzzCase, e: Endpoint, a: Answer, before: WriteCounts, after: WriteCounts): string[] {
  if (a.status >= 500) return [`a ${a.status}`];
  const problems = [...expectationProblems(c, a)];
  if (a.status >= 400) {
    problems.push(...refusalProblems(c, e, a));
    const changed = changes(before, after);
    if (changed.length) problems.push(`a refusal that wrote: ${changed.join(', ')}`);
  } else if (a.status >= 200 && a.status < 300) {
    problems.push(...successProblems(e, a));
  } else {
    problems.push(`an unexpected status ${a.status}`);
  }
  return problems;
}

/** A replayed money call (same Idempotency-Key, same body) must answer the first answer again and write nothing. */
export function replayProblems(first: Answer, second: Answer, before: WriteCounts, after: WriteCounts): string[] {
  const problems: string[] = [];
  if (first.status < 300 && (second.status !== first.status || second.body !== first.body)) {
    problems.push(`the replay answered ${second.status} ${second.body.slice(0, 200)} instead of the first answer`);
  }
  if (first.status < 300) {
    const changed = changes(before, after);
    if (changed.length) problems.push(`the replay wrote again: ${changed.join(', ')}`);
  }
  return problems;
}
