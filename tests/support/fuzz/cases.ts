import { rolesOf, type Endpoint } from '../../../src/contract/endpoint.js';
import { encodeQueryText, RawNumber, stringsIn, toJsonText, withKey } from './encoding.js';
import { fieldsOf, type FieldSpec } from './fields.js';
import {
  AMOUNTS, DATES, DEEP_BODY, IDEMPOTENCY_KEYS, MONTHS, NESTING, OVER_BODY_LIMIT, PICTURE_DATA, protoObject, STRINGS, WRONG_TYPES, type Hostile,
} from './hostile-values.js';
import type { Prng } from '../prng.js';
import { validValues, type LiveValues } from './valid-values.js';

/**
 * The cases of one endpoint, generated from its entry in the endpoint table: valid-looking requests (so
 * the services and the database run), each field in turn given every wrong type and a sample of hostile
 * values, whole-body and whole-query mutations, other roles than the endpoint's, and for a call that moves
 * money, Idempotency-Key replays. Generated lazily: a valid-looking value may depend on what ran before.
 */

/** Who sends: no one, an investor (Maple's A), the fuzz account (for the session calls), the admin. */
export type Role = 'none' | 'investor' | 'account' | 'admin';

/**
 * What the answer must be, beyond never a 5xx: 'schema' — the contract refuses this input, so 400 (413
 * for a body over the limit, 415 for one that is not JSON); 401/403 — the access policy refuses first;
 * 'refused' — any 4xx.
 */
export type Expectation = 'schema' | 401 | 403 | 'refused' | 'any';

export type FuzzCase = {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  /** The body exactly as sent (absent: no body). */
  payload?: string;
  contentType?: string;
  role: Role;
  /** An Authorization header sent instead of the role's token (a forged or malformed one). */
  authorization?: string;
  headers?: Record<string, string>;
  expect: Expectation;
  /** Whether the contract's own schema accepts what was sent (undefined: it cannot tell, e.g. raw URL junk). */
  schemaAccepts?: boolean;
  /** Sent twice with the same Idempotency-Key: the second answer must repeat the first and write nothing. */
  twice?: boolean;
  /** Every string the client sent: an answer may repeat the client's own words without leaking anything. */
  echoes: string[];
};

/**
 * How many of each family of hostile values a field or a body gets, drawn by the PRNG. The quick set
 * (what CI runs, tests/support/strength.ts) keeps a run within a minute per database; the light set, a
 * local run's default, sends about half as many (every endpoint, every role and every family still gets
 * some); FUZZ_FULL=1 sends every value of every family.
 */
export type Intensity = {
  validCases: number;
  wrongTypesPerField: number;
  stringsPerTextField: number;
  stringsPerOtherField: number;
  /** Amounts, dates, months, years, integers, codes: the values aimed at the field's kind. */
  targetedPerField: number;
  /** Of each group of whole-body and whole-query mutations, and of raw query junk per field. */
  perGroup: number;
};

export const QUICK: Intensity = { validCases: 8, wrongTypesPerField: 6, stringsPerTextField: 7, stringsPerOtherField: 3, targetedPerField: 7, perGroup: 3 };
export const LIGHT: Intensity = { validCases: 6, wrongTypesPerField: 3, stringsPerTextField: 3, stringsPerOtherField: 2, targetedPerField: 3, perGroup: 2 };
export const FULL: Intensity = { validCases: 16, wrongTypesPerField: 99, stringsPerTextField: 99, stringsPerOtherField: 99, targetedPerField: 99, perGroup: 99 };

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The role the endpoint is meant for; the session calls get an account of their own, so the others keep theirs. */
export function rightRole(e: Endpoint): Role {
  if (e.policy === 'public') return 'none';
  if (e.policy === 'admin' || !rolesOf(e).includes('investor')) return 'admin';
  return e.path.startsWith('/auth/') ? 'account' : 'investor';
}

/** Forged and malformed Authorization headers: each must be a 401 on any non-public call. */
const BAD_AUTHORIZATIONS = [
  'Bearer not-a-token',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  `Bearer ${'a'.repeat(4000)}`,
  'Basic YWRtaW46dmlvbGV0IGZlcnJ5IGxhbnRlcm4gNDI=',
  "Bearer ' OR 1=1 --",
  'Bearer',
];

type Ctx = { e: Endpoint; rng: Prng; live: LiveValues; intensity: Intensity };

export function* casesFor(e: Endpoint, rng: Prng, live: LiveValues, intensity: Intensity = QUICK): Generator<FuzzCase> {
  const ctx: Ctx = { e, rng, live, intensity };
  yield* roleCases(ctx);
  if (e.body) yield* bodyCases(ctx, fieldsOf(e.body));
  else if (e.method === 'POST') yield* bodylessPostCases(ctx);
  if (e.query) yield* queryCases(ctx, fieldsOf(e.query));
  else yield* stray(ctx, queryJunkCases(ctx, []));
  if (e.idempotent && e.body) yield* idempotencyCases(ctx, fieldsOf(e.body));
}

// ---- requests ---------------------------------------------------------------------------------------

/**
 * A draft of a valid-looking body or query: every required field, and the optional ones all, none or
 * some (fields that go together, like a land contract's terms, are all or none). Some drafts start from a
 * record the API answered earlier, so that an id, a date and an amount belong together.
 */
function draft(ctx: Ctx, fields: FieldSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const optional = ctx.rng.pick(['all', 'none', 'some'] as const);
  for (const f of fields) {
    if (!f.required && (optional === 'none' || (optional === 'some' && ctx.rng.chance(0.5)))) continue;
    const v = ctx.rng.pick(validValues(f, ctx.live));
    if (v !== undefined) withKey(out, f.name, v);
  }
  const names = new Set(fields.map((f) => f.name));
  const fitting = ctx.rng.chance(0.4) ? ctx.live.records().filter((r) => Object.keys(r).filter((k) => names.has(k)).length >= 2) : [];
  if (fitting.length) {
    for (const [k, v] of Object.entries(ctx.rng.pick(fitting))) if (names.has(k) && k in out) withKey(out, k, v);
  }
  return out;
}

/** A valid-looking body or query: a few drafts, the first the contract accepts (or the last one). */
function validLooking(ctx: Ctx, fields: FieldSpec[], part: 'body' | 'query' = ctx.e.body ? 'body' : 'query'): Record<string, unknown> {
  let candidate: Record<string, unknown> = {};
  for (let attempt = 0; attempt < 8; attempt++) {
    candidate = draft(ctx, fields);
    const sent = part === 'query' ? parsedQuery(toPairs(candidate)) : JSON.parse(toJsonText(candidate));
    if (schemaVerdict(ctx, part, sent)) return candidate;
  }
  return candidate;
}

function schemaVerdict(ctx: Ctx, part: 'body' | 'query', value: unknown): boolean {
  const schema = ctx.e[part];
  return schema ? schema.safeParse(value).success : true;
}

/** A JSON body case; what the contract says of it is read from the exact text sent. */
function bodyCase(ctx: Ctx, label: string, payload: string, extra: Partial<FuzzCase> = {}): FuzzCase {
  const limit = ctx.e.bodyLimit ?? DEFAULT_BODY_LIMIT;
  let parsed: unknown;
  let parses = true;
  try {
    parsed = JSON.parse(payload);
  } catch {
    parses = false;
  }
  const fits = Buffer.byteLength(payload) <= limit;
  const schemaAccepts = ctx.e.body ? parses && fits && schemaVerdict(ctx, 'body', parsed) : undefined;
  return {
    label,
    method: ctx.e.method,
    url: ctx.e.path,
    payload,
    contentType: 'application/json',
    role: rightRole(ctx.e),
    expect: schemaAccepts === false ? 'schema' : 'any',
    schemaAccepts,
    echoes: parses ? stringsIn(parsed) : [payload],
    ...extra,
  };
}

/** Encodes [key, value] pairs; `null` as a value sends the key alone, with no '='. */
function queryText(pairs: [string, string | null][]): string {
  return pairs.map(([k, v]) => (v === null ? encodeQueryText(k) : `${encodeQueryText(k)}=${encodeQueryText(v)}`)).join('&');
}

/** What the server's query parser makes of the pairs: repeated keys become a list. */
function parsedQuery(pairs: [string, string | null][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const value = v ?? '';
    const prior = Object.hasOwn(out, k) ? out[k] : undefined;
    withKey(out, k, prior === undefined ? value : [...[prior].flat(), value]);
  }
  return out;
}

/** No lone surrogate (String.prototype.isWellFormed, which the project's ES2023 typings do not know yet). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (pairs: [string, string | null][]) => pairs.every(([k, v]) => !LONE_SURROGATE.test(k) && !LONE_SURROGATE.test(v ?? ''));

function queryCase(ctx: Ctx, label: string, pairs: [string, string | null][], extra: Partial<FuzzCase> = {}): FuzzCase {
  // A lone surrogate reaches the server as bytes that are not UTF-8: what its parser makes of them is its own affair.
  const schemaAccepts = ctx.e.query && wellFormed(pairs) ? schemaVerdict(ctx, 'query', parsedQuery(pairs)) : undefined;
  const text = queryText(pairs);
  return {
    label,
    method: ctx.e.method,
    url: text ? `${ctx.e.path}?${text}` : ctx.e.path,
    role: rightRole(ctx.e),
    expect: schemaAccepts === false ? 'schema' : 'any',
    schemaAccepts,
    echoes: pairs.flatMap(([k, v]) => [k, v ?? '']),
    ...(ctx.e.body ? { payload: toJsonText(validLooking(ctx, fieldsOf(ctx.e.body), 'body')), contentType: 'application/json' } : {}),
    ...extra,
  };
}

/** A value as a query string carries it: text; a list as repeated keys; anything else as its JSON. */
function asQueryPairs(key: string, value: unknown): [string, string | null][] {
  if (value === undefined) return [];
  if (value === null) return [[key, null]];
  if (Array.isArray(value)) return value.length ? value.map((v) => [key, typeof v === 'string' ? v : JSON.stringify(v)]) : [[`${key}[]`, '']];
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => [`${key}[${k}]`, typeof v === 'string' ? v : JSON.stringify(v)]);
  return [[key, value instanceof RawNumber ? value.text : String(value)]];
}

const toPairs = (obj: Record<string, unknown>) => Object.entries(obj).flatMap(([k, v]) => asQueryPairs(k, v));

// ---- roles ------------------------------------------------------------------------------------------

function* roleCases(ctx: Ctx): Generator<FuzzCase> {
  const fields = { body: ctx.e.body ? fieldsOf(ctx.e.body) : [], query: ctx.e.query ? fieldsOf(ctx.e.query) : [] };
  const request = (label: string, extra: Partial<FuzzCase>): FuzzCase => {
    const base = ctx.e.body
      ? bodyCase(ctx, label, toJsonText(validLooking(ctx, fields.body)))
      : queryCase(ctx, label, toPairs(validLooking(ctx, fields.query)));
    return { ...base, ...extra };
  };
  for (let i = 0; i < ctx.intensity.validCases; i++) yield request(`valid-looking #${i + 1}`, {});
  // An entry that leaves investors out (contract/roles.ts): the guard refuses before anything is read.
  if (ctx.e.policy !== 'public' && !rolesOf(ctx.e).includes('investor')) yield request('as an investor', { role: 'investor', expect: 403 });
  if (ctx.e.policy !== 'public') {
    yield request('without a token', { role: 'none', expect: 401 });
    yield request('with a forged or malformed token', { role: 'none', authorization: ctx.rng.pick(BAD_AUTHORIZATIONS), expect: 401 });
  } else {
    // A public call needs no session: one it does not expect must not trouble it.
    yield request('with an admin token', { role: 'admin' });
  }
}

// ---- bodies -----------------------------------------------------------------------------------------

/** The hostile values aimed at one field: a sample of the wrong types, of the values its kind invites, of text. */
function hostileFor(ctx: Ctx, f: FieldSpec): Hostile[] {
  const { rng, intensity } = ctx;
  const targeted: readonly Hostile[] = {
    amount: [...AMOUNTS, ...RAW_NUMBERS],
    year: YEARS,
    date: DATES,
    month: MONTHS,
    integer: [...integerEdges(f), ...RAW_NUMBERS],
    enum: [{ label: 'enum value in capitals', value: String(f.enum?.[0] ?? '').toUpperCase() }, { label: 'enum value padded', value: ` ${String(f.enum?.[0] ?? '')} ` }],
    pattern: ['12345', '1234567', '12345a', '１２３４５６', ' 123456', '123456\n'].map((value) => ({ label: `code ${JSON.stringify(value)}`, value })),
    text: f.name === 'data' ? PICTURE_DATA : [],
  }[f.kind];
  return [
    ...rng.sample(WRONG_TYPES, intensity.wrongTypesPerField),
    ...rng.sample(targeted, intensity.targetedPerField),
    ...rng.sample(STRINGS, f.kind === 'text' ? intensity.stringsPerTextField : intensity.stringsPerOtherField),
  ];
}

/** Numbers JSON.stringify cannot write as such: past a double's precision or its range. */
const RAW_NUMBERS: Hostile[] = ['9007199254740993', '1e400', '-1e400', '123456789012345678901234567890', '1.0000000000000000000001', '-0'].map(
  (text) => ({ label: `JSON number ${text}`, value: new RawNumber(text) }),
);

const YEARS: Hostile[] = [
  ...['20245', '1899', '2100', '0', '-2024', ' 2024', '2024.5', '２０２４', 'MMXXIV'].map((value) => ({ label: `year ${JSON.stringify(value)}`, value })),
  { label: 'year 2024.5', value: 2024.5 },
  { label: 'year 1e4', value: 1e4 },
];

function integerEdges(f: FieldSpec): Hostile[] {
  const edges = [f.minimum !== undefined ? f.minimum - 1 : undefined, f.maximum !== undefined ? f.maximum + 1 : undefined, 2 ** 31, -(2 ** 31) - 1];
  return [
    ...edges.filter((n): n is number => n !== undefined).map((value) => ({ label: `integer ${value}`, value })),
    ...['1', '1e3', '0x10', ' 7'].map((value) => ({ label: `integer as text ${JSON.stringify(value)}`, value })),
  ];
}

function* bodyCases(ctx: Ctx, fields: FieldSpec[]): Generator<FuzzCase> {
  const fresh = () => validLooking(ctx, fields);
  for (const f of fields) {
    const without = fresh();
    delete without[f.name];
    yield bodyCase(ctx, `${f.name}: missing`, toJsonText(without));
    for (const hv of hostileFor(ctx, f)) yield bodyCase(ctx, `${f.name}: ${hv.label}`, toJsonText(withKey(fresh(), f.name, hv.value)));
  }
  yield* wholeBodyCases(ctx, fields, fresh);
}

/** Mutations of the body as a whole: its type, its syntax, its media type, its keys and its size. */
function* wholeBodyCases(ctx: Ctx, fields: FieldSpec[], fresh: () => Record<string, unknown>): Generator<FuzzCase> {
  const some = <T>(items: readonly T[]) => ctx.rng.sample(items, ctx.intensity.perGroup);
  yield bodyCase(ctx, 'body {}', '{}');
  for (const text of some(['null', '[]', '"text"', '42', 'true', '[{}]'])) yield bodyCase(ctx, `body ${text}`, text);
  for (const text of some(['{', '{"a":', "{'a':1}", '{"a":1,}', 'NaN', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', ''])) {
    yield bodyCase(ctx, `malformed JSON ${JSON.stringify(text)}`, text);
  }
  const valid = toJsonText(fresh());
  for (const contentType of some(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])) {
    yield { ...bodyCase(ctx, `valid body as ${contentType}`, valid), contentType, expect: 'schema' };
  }
  yield { ...bodyCase(ctx, 'valid body with no media type', valid), contentType: undefined, expect: 'refused' };
  yield bodyCase(ctx, 'own __proto__ key', toJsonText(withKey(fresh(), '__proto__', protoObject())));
  yield bodyCase(ctx, 'constructor.prototype', toJsonText(withKey(fresh(), 'constructor', { prototype: { admin_level: 9 } })));
  for (const key of some(['extra', "' OR 1=1 --", '<script>alert(1)</script>', 'constructor', 'a'.repeat(1000), 'prototype'])) {
    yield bodyCase(ctx, `extra field ${JSON.stringify(key.slice(0, 30))}`, toJsonText(withKey(fresh(), key, 'x')));
  }
  const many = fresh();
  for (let i = 0; i < 2000; i++) withKey(many, `k${i}`, i);
  yield bodyCase(ctx, '2000 extra fields', toJsonText(many));
  // Deep and wide values in a field drawn at random, and a whole body nested deep.
  for (const hv of some(NESTING)) {
    const f = ctx.rng.pick(fields);
    yield bodyCase(ctx, `${f.name}: ${hv.label}`, toJsonText(withKey(fresh(), f.name, hv.value)));
  }
  yield bodyCase(ctx, 'body nested 30,000 deep', DEEP_BODY);
  const first = fields[0];
  if (first) {
    // The last of two equal keys wins in JSON.parse: a hostile value hidden behind a valid one.
    const dup = valid.replace(/^\{/, `{${JSON.stringify(first.name)}:"<script>",`);
    yield bodyCase(ctx, `duplicate key ${first.name}`, dup === valid ? `{${JSON.stringify(first.name)}:1,${JSON.stringify(first.name)}:"x"}` : dup);
    yield bodyCase(ctx, `${first.name}: over the body limit`, toJsonText(withKey(fresh(), first.name, OVER_BODY_LIMIT)));
    if (ctx.e.bodyLimit) yield bodyCase(ctx, `${first.name}: over the route's own limit`, toJsonText(withKey(fresh(), first.name, 'c'.repeat(ctx.e.bodyLimit + 1))));
  }
  for (const hv of some(STRINGS)) {
    const all = fresh();
    for (const f of fields) withKey(all, f.name, hv.value);
    yield bodyCase(ctx, `every field: ${hv.label}`, toJsonText(all));
  }
}

/** A POST without a body schema (renew, logout …): stray bodies must not matter, or be refused. */
function* bodylessPostCases(ctx: Ctx): Generator<FuzzCase> {
  for (const text of ['{}', '{"x":1}', '[]', '{', toJsonText(protoObject()), JSON.stringify({ s: OVER_BODY_LIMIT }), DEEP_BODY]) {
    yield bodyCase(ctx, `stray body ${text.slice(0, 30)}`, text);
  }
  yield { ...bodyCase(ctx, 'stray text body', 'hello'), contentType: 'text/plain' };
  yield { ...bodyCase(ctx, 'no body', ''), payload: undefined, contentType: undefined };
}

// ---- query strings ----------------------------------------------------------------------------------

function* queryCases(ctx: Ctx, fields: FieldSpec[]): Generator<FuzzCase> {
  const fresh = () => validLooking(ctx, fields);
  for (const f of fields) {
    const without = fresh();
    delete without[f.name];
    yield queryCase(ctx, `${f.name}: missing`, toPairs(without));
    const others = () => toPairs(fresh()).filter(([k]) => k !== f.name);
    for (const hv of hostileFor(ctx, f)) yield queryCase(ctx, `${f.name}: ${hv.label}`, [...others(), ...asQueryPairs(f.name, hv.value)]);
    const valid = ctx.rng.pick(validValues(f, ctx.live).filter((v) => v !== undefined && v !== null));
    yield queryCase(ctx, `${f.name}: repeated`, [...others(), [f.name, String(valid)], [f.name, String(valid)]]);
    yield queryCase(ctx, `${f.name}: as a list`, [...others(), [`${f.name}[]`, String(valid)]]);
    yield queryCase(ctx, `${f.name}: as an object`, [...others(), [`${f.name}[$ne]`, '']]);
    yield queryCase(ctx, `${f.name}: key alone`, [...others(), [f.name, null]]);
    yield queryCase(ctx, `${f.name}: 70 KiB`, [...others(), [f.name, OVER_BODY_LIMIT]]);
    for (const junk of ctx.rng.sample(RAW_QUERY_JUNK, ctx.intensity.perGroup)) {
      yield rawQueryCase(ctx, `${f.name}: raw ${junk.slice(0, 20)}`, `${queryText(others())}&${encodeQueryText(f.name)}=${junk}`);
    }
  }
  yield* queryJunkCases(ctx, fields);
}

/** Percent-encoding a parser may choke on: truncated, overlong, not UTF-8, %u escapes, separators. */
const RAW_QUERY_JUNK = ['%', '%ZZ', '%E0%A4%A', '%00', '%C0%AE%C0%AE', '%ED%A0%80', '%uD800', '%FF%FE', '&&&==', ';x=1', '+%2B+', '%25%32%35'];

function rawQueryCase(ctx: Ctx, label: string, query: string): FuzzCase {
  return { ...queryCase(ctx, label, []), url: `${ctx.e.path}?${query}`, schemaAccepts: undefined, expect: 'any', echoes: [query] };
}

/** Mutations of the query as a whole: strange keys, many keys, raw junk after a valid query. */
function* queryJunkCases(ctx: Ctx, fields: FieldSpec[]): Generator<FuzzCase> {
  const valid = () => toPairs(validLooking(ctx, fields, 'query'));
  const some = <T>(items: readonly T[]) => ctx.rng.sample(items, ctx.intensity.perGroup);
  for (const key of some(['junk', '__proto__', 'constructor[prototype][admin]', "' OR 1=1 --", '<script>', ''])) {
    yield queryCase(ctx, `extra key ${JSON.stringify(key)}`, [...valid(), [key, 'x']]);
  }
  yield queryCase(ctx, '1000 keys', [...valid(), ...Array.from({ length: 1000 }, (_, i): [string, string] => [`k${i}`, String(i)])]);
  for (const junk of some(RAW_QUERY_JUNK)) yield rawQueryCase(ctx, `raw junk ${junk}`, `${queryText(valid())}&${junk}`);
  yield rawQueryCase(ctx, 'a fragment', `${queryText(valid())}#frag`);
}

/** Query junk sent to a call that takes no query: it must be ignored or refused, never a 5xx. */
function* stray(ctx: Ctx, cases: Generator<FuzzCase>): Generator<FuzzCase> {
  for (const c of cases) yield { ...c, label: `stray query: ${c.label}`, schemaAccepts: undefined, expect: 'any' };
}

// ---- money calls: Idempotency-Key ---------------------------------------------------------------------

function* idempotencyCases(ctx: Ctx, fields: FieldSpec[]): Generator<FuzzCase> {
  const key = () => `fuzz-${ctx.rng.int(0, 2 ** 31).toString(36)}-${ctx.rng.int(0, 2 ** 31).toString(36)}`;
  for (let i = 0; i < 4; i++) {
    yield { ...bodyCase(ctx, `Idempotency-Key replay #${i + 1}`, toJsonText(validLooking(ctx, fields))), headers: { 'idempotency-key': key() }, twice: true };
  }
  for (const k of IDEMPOTENCY_KEYS) {
    const c = bodyCase(ctx, `Idempotency-Key ${JSON.stringify(k.slice(0, 20))}`, toJsonText(validLooking(ctx, fields)), { headers: { 'idempotency-key': k } });
    yield { ...c, expect: 'refused', echoes: [...c.echoes, k] };
  }
}
