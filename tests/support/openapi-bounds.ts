import type { Prng } from './prng.js';

/**
 * What the API reference (GET /openapi.json) states of a request field, read as a client would read it:
 * a small JSON Schema checker for the keywords the reference uses, the bounds a field states, and values
 * just inside and just outside each of them (tests/integration/api-reference.test.ts sends those).
 */
export type Schema = {
  type?: string;
  anyOf?: Schema[];
  not?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
};

/** The keywords that bound a value, each checked from both sides. */
export const BOUND_KEYWORDS = ['maxLength', 'minLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'pattern', 'enum', 'multipleOf'] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

/** One bound a field states: the keyword, and the (sub)schema it is written in (an alternative of the field, or the field). */
export type Bound = { keyword: BoundKeyword; at: Schema };

/** JSON Schema's `format: date` (RFC 3339 full-date): a real calendar date. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Decimal places of a number as JSON writes it (1e-7 has 7). */
function decimals(n: number): number {
  const [mantissa = '', exponent] = String(n).split('e');
  const places = (mantissa.split('.')[1] ?? '').length - Number(exponent ?? 0);
  return Math.max(0, places);
}

/** `multipleOf` in exact decimal arithmetic, as the JSON text reads (not in binary floating point). */
function isMultipleOf(n: number, of: number): boolean {
  const places = Math.max(decimals(n), decimals(of));
  if (places > 15) return false;
  const scale = 10 ** places;
  return Math.round(n * scale) % Math.round(of * scale) === 0;
}

const codePoints = (text: string) => [...text].length;

/** The keywords of `s` that `v` breaks (alternatives count as one keyword, `anyOf`); empty when `s` accepts `v`. */
export function broken(s: Schema, v: unknown): string[] {
  const out: string[] = [];
  if (s.type) {
    const typeOk =
      s.type === 'string' ? typeof v === 'string'
      : s.type === 'number' ? typeof v === 'number' && Number.isFinite(v)
      : s.type === 'integer' ? Number.isInteger(v)
      : s.type === 'null' ? v === null
      : s.type === 'boolean' ? typeof v === 'boolean'
      : true;
    if (!typeOk) return ['type'];
  }
  if (s.enum && !s.enum.some((e) => e === v)) out.push('enum');
  if ('const' in s && s.const !== v) out.push('const');
  if (typeof v === 'string') {
    if (s.minLength !== undefined && codePoints(v) < s.minLength) out.push('minLength');
    if (s.maxLength !== undefined && codePoints(v) > s.maxLength) out.push('maxLength');
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v)) out.push('pattern');
    if (s.format === 'date' && !isRealDate(v)) out.push('format');
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) out.push('minimum');
    if (s.maximum !== undefined && v > s.maximum) out.push('maximum');
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) out.push('exclusiveMinimum');
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) out.push('exclusiveMaximum');
    if (s.multipleOf !== undefined && !isMultipleOf(v, s.multipleOf)) out.push('multipleOf');
  }
  if (s.not && accepts(s.not, v)) out.push('not');
  if (s.anyOf && !s.anyOf.some((alt) => accepts(alt, v))) out.push('anyOf');
  return out;
}

export const accepts = (s: Schema, v: unknown): boolean => broken(s, v).length === 0;

/** Every bound a field states, in its own schema and in each of its alternatives. */
export function boundsOf(field: Schema): Bound[] {
  const own = BOUND_KEYWORDS.filter((k) => field[k] !== undefined).map((keyword): Bound => ({ keyword, at: field }));
  return [...own, ...(field.anyOf ?? []).flatMap(boundsOf)];
}

/** The alternatives on the way from a field to one of its (sub)schemas: a value for `at` must take that way. */
function lineage(field: Schema, at: Schema): Schema[] | null {
  if (field === at) return [field];
  for (const alt of field.anyOf ?? []) {
    const below = lineage(alt, at);
    if (below) return [field, ...below];
  }
  return null;
}

/**
 * Values near a bound, for one field: `inside` ones the field accepts with the bound at its edge (each
 * member of an enum), `outside` ones the field refuses because of that bound (only that bound where one
 * can be found; a date one character too long cannot keep its pattern). `seeds` are valid values to start
 * from (the base request's own value first); `random(n)` a fresh text of n code points.
 */
export function valuesNear(
  field: Schema,
  bound: Bound,
  seeds: unknown[],
  make: { random: (n: number) => string; special?: (n: number) => string | undefined },
): { inside: unknown[]; outside: unknown[] } {
  const way = lineage(field, bound.at) ?? [field];
  // A value "of" the bound's schema: accepted by every schema on the way to it except for the keyword tested.
  const fits = (v: unknown) => way.every((s) => accepts(s, v));
  const breaksOnly = (v: unknown) => {
    if (accepts(field, v)) return false;
    const here = broken(bound.at, v);
    return here.length === 1 && here[0] === bound.keyword && way.slice(0, -1).every((s) => broken(s, v).every((k) => k === 'anyOf'));
  };
  const breaks = (v: unknown) => !accepts(field, v) && broken(bound.at, v).includes(bound.keyword);
  const good = seeds.filter(fits);
  const seed = good[0];
  const { keyword, at } = bound;
  const first = <T>(candidates: T[], ok: (v: T) => boolean) => candidates.find(ok);
  const outsideOf = (candidates: unknown[]) => {
    const exact = candidates.find(breaksOnly);
    return exact !== undefined ? [exact] : candidates.filter(breaks).slice(0, 1);
  };

  /** Strings of exactly n code points, made from what fits the field best. */
  const ofLength = (n: number): string[] => {
    if (n < 0) return [];
    const s = typeof seed === 'string' ? seed : '';
    const made = [
      make.special?.(n),
      make.random(n),
      s.length <= n ? s + make.random(n - codePoints(s)) : undefined,
      s.length <= n ? '0'.repeat(n - codePoints(s)) + s : undefined,
      s.length <= n ? s + ' '.repeat(n - codePoints(s)) : undefined,
      [...s].slice(0, n).join(''),
      ...good.filter((g): g is string => typeof g === 'string' && codePoints(g) === n),
    ];
    return made.filter((v): v is string => v !== undefined && codePoints(v) === n);
  };

  /**
   * Where no text of exactly the length fits (a maxLength beside an enum: the longest fee is 4 characters
   * long, its maxLength 10), the longest (or shortest) that does: as near the edge as the field allows.
   */
  const longestFitting = (max: number) =>
    [...good, ...membersOf(field), ...PATTERN_EDGES_INSIDE]
      .filter((v): v is string => typeof v === 'string' && codePoints(v) <= max && fits(v))
      .sort((a, b) => codePoints(b) - codePoints(a))[0];
  const shortestFitting = (min: number) =>
    [...good, ...membersOf(field), ...PATTERN_EDGES_INSIDE]
      .filter((v): v is string => typeof v === 'string' && codePoints(v) >= min && fits(v))
      .sort((a, b) => codePoints(a) - codePoints(b))[0];
  const step = at.multipleOf ?? (at.type === 'integer' ? 1 : 0.01);
  const round = (n: number) => Number(n.toFixed(decimals(step) + 2));
  switch (keyword) {
    case 'maxLength':
      return {
        inside: [first(ofLength(at.maxLength!), fits) ?? longestFitting(at.maxLength!)].filter((v) => v !== undefined),
        outside: outsideOf(ofLength(at.maxLength! + 1)),
      };
    case 'minLength':
      return {
        inside: [first(ofLength(at.minLength!), fits) ?? shortestFitting(at.minLength!)].filter((v) => v !== undefined),
        outside: outsideOf(ofLength(at.minLength! - 1)),
      };
    case 'minimum':
      return { inside: [at.minimum!].filter(fits), outside: outsideOf([round(at.minimum! - step)]) };
    case 'exclusiveMinimum':
      return { inside: [round(at.exclusiveMinimum! + step)].filter(fits), outside: outsideOf([at.exclusiveMinimum!]) };
    case 'maximum':
      return { inside: [at.maximum!].filter(fits), outside: outsideOf([round(at.maximum! + step), at.maximum! + 1]) };
    case 'exclusiveMaximum':
      return { inside: [round(at.exclusiveMaximum! - step)].filter(fits), outside: outsideOf([at.exclusiveMaximum!]) };
    case 'multipleOf': {
      // Just inside: the most places the step allows; just outside: one place more.
      const places = decimals(at.multipleOf!);
      const inside = round(Math.trunc(typeof seed === 'number' ? seed : 12) + Number(`0.${'3'.repeat(places - 1)}4`));
      return { inside: [inside].filter(fits), outside: outsideOf([round(inside + 10 ** -(places + 1))]) };
    }
    case 'enum': {
      const members = at.enum!;
      const nums = members.filter((m): m is number => typeof m === 'number').sort((a, b) => a - b);
      const texts = members.filter((m): m is string => typeof m === 'string');
      const near = [
        ...texts.flatMap((m) => [`${m}x`, `x${m}`, m.toUpperCase() === m ? `${m}X` : m.toUpperCase()]),
        ...(nums.length > 1 ? [round((nums[0]! + nums[1]!) / 2), round(nums.at(-1)! + (nums[1]! - nums[0]!)), round(nums[0]! - (nums[1]! - nums[0]!))] : []),
        ...nums.map((n) => n + 1),
      ];
      return { inside: members.filter(fits), outside: near.filter(breaks).slice(0, 2) };
    }
    case 'pattern': {
      const mutations = good
        .filter((g): g is string => typeof g === 'string')
        .flatMap((g) => [`${g.slice(0, -1)}x`, `x${g.slice(1)}`, `${g.slice(0, Math.floor(g.length / 2))}!${g.slice(Math.floor(g.length / 2) + 1)}`, `${g}x`]);
      const edges = PATTERN_EDGES.filter((v) => typeof v === 'string');
      return {
        inside: [seed, ...PATTERN_EDGES_INSIDE].filter((v, i, all) => v !== undefined && fits(v) && all.indexOf(v) === i),
        // Every edge the pattern refuses on its own (a year past the range, a third decimal), and a mutation.
        outside: [...edges.filter(breaksOnly), ...outsideOf(mutations)].filter((v, i, all) => all.indexOf(v) === i),
      };
    }
  }
}

/** Every enum member a field names, in its own schema or an alternative. */
function membersOf(s: Schema): unknown[] {
  return [...(s.enum ?? []), ...(s.anyOf ?? []).flatMap(membersOf)];
}

/** Texts on either side of the edges the reference's patterns draw: ranges of dates, months and years, amounts, codes. */
const PATTERN_EDGES = [
  '1899-12-31', '2100-01-01', '2024-13-01', '2024-00-10', '2024-06-32', '2024-6-01', '2024/06/01', '1899-12', '2100-01', '2024-13', '2024-00',
  '1899', '2100', '202', '100000000.01', '100000001', '0', '0.00', '12.345', '1,000.00', '$12.00', '+12', '12.', '.5', '--12.34',
  '12345', '1234567', '12345a', 'roi_per_year:1899', 'roi_per_year:2100', 'roi_per_year:24', 'user name', 'user/name',
  'ftp://example.com/p.jpg', '//example.com/p.jpg', 'javascript:alert(1)', 'not base64!', 'data:image/png;base64',
];
const PATTERN_EDGES_INSIDE = [
  '1900-01-01', '2099-12-31', '1900-01', '2099-12', '1900', '2099', '0.01', '100000000.00', ' 12.34 ', '007.50', '-100000000', '0',
  'roi_per_year:1900', 'roi_per_year:2099', '000001', '/p.jpg', 'HTTPS://example.com/p.jpg', '/',
];

/** Text of n code points from a wide alphabet (CJK ideographs): unique, visible, and strong as a password. */
export function randomText(rand: Prng): (n: number) => string {
  return (n) => Array.from({ length: n }, () => String.fromCodePoint(0x4e00 + rand.int(0, 0x51ff))).join('');
}
