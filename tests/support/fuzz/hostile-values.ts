import { RawJson } from './encoding.js';

/**
 * The hostile values the fuzzer puts into fields: wrong JSON types, numbers at and past every limit,
 * amounts a form should refuse, dates that do not exist, text from every corner of Unicode, control
 * bytes, SQL, HTML, path and prototype fragments. Each has a label, so a failure names what was sent.
 */
export type Hostile = { label: string; value: unknown };

const h = (label: string, value: unknown): Hostile => ({ label, value });

/** A JSON object with an own `__proto__` key (an object literal would set the prototype instead). */
export const protoObject = (): unknown => JSON.parse('{"__proto__":{"admin_level":9,"isAdmin":true}}');

/** Nested arrays deep enough to trouble a recursive walker, far below any parser's stack. */
const deepArray = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/**
 * Nesting and width at and past the server's bounds (docs/security.md: 32 levels, 1,000 fields and list items in
 * a request; plugins/input-bounds.ts), in a field of an otherwise valid body. The body is the first
 * level, so a field's value of 31 lists is at the bound and one of 32 past it. The deepest are written
 * as raw JSON text: JSON.stringify recurses, and could not write them. Each fits in 64 KiB.
 */
export const NESTING: readonly Hostile[] = [
  h('31 nested lists (at the bound)', deepArray(30)),
  h('32 nested lists (past the bound)', deepArray(31)),
  h('2,000 nested lists', new RawJson(`${'['.repeat(2000)}${']'.repeat(2000)}`)),
  h('30,000 nested lists', new RawJson(`${'['.repeat(30_000)}${']'.repeat(30_000)}`)),
  h('10,000 nested objects', new RawJson(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`)),
  h('a list of 1,000 items', Array.from({ length: 1000 }, () => 0)),
  h('a list of 30,000 items', Array.from({ length: 30_000 }, () => 0)),
  h('an object of 5,000 keys', Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0]))),
];

/** A whole body nested 30,000 deep: 60,000 bytes, within the body limit. */
export const DEEP_BODY = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;

/** Every JSON type but the right one, and numbers past what a double or a bigint column holds. */
export const WRONG_TYPES: readonly Hostile[] = [
  h('zero', 0),
  h('minus one', -1),
  h('a number', 42),
  h('a fraction', 1.5),
  h('1e308', 1e308),
  h('-1e308', -1e308),
  h('2^53+1', 2 ** 53 + 1),
  h('5e-324', 5e-324),
  h('true', true),
  h('false', false),
  h('null', null),
  h('an empty object', {}),
  h('an empty array', []),
  h('an array of a string', ['P']),
  h('a Mongo operator', { $ne: null }),
  h('an own __proto__ key', protoObject()),
  h('200 nested arrays', deepArray(200)),
];

/** Amounts: negative, over-precise, past every integer width, in other notations and scripts. */
export const AMOUNTS: readonly Hostile[] = [
  ...[
    '1.234', '-5', '-0.01', '0', '0.00', '-0', '0.001', '99999999999999999999.99', '1e308', '1e3', '9007199254740993',
    '92233720368547758.07', '92233720368547758.08', '21474836.48', ' 12.00 ', '12,00', '1,000.00', '$12.00', '١٢٣',
    '12.', '.5', '+5', '0x1F', 'Infinity', '-Infinity', 'NaN', '12.00.00', '1_000', '1 000', '１２', '12e-2',
  ].map((s) => h(`amount text ${JSON.stringify(s)}`, s)),
  // The doubles nearest to these (a JSON number is one): past a cent's precision, past bigint cents.
  ...[1.234, -5, 0, 0.001, 1e21, 2 ** 53 + 1, Number('99999999999999.99'), Number('92233720368547758'), -0.01, 1e-7].map((n) => h(`amount number ${n}`, n)),
];

/** Dates that do not exist, are out of range, or are written another way. */
export const DATES: readonly Hostile[] = [
  '2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-01-00', '1899-12-31', '2100-01-01', '0000-01-01', '9999-12-31',
  '2024-1-1', '20240101', '2024/01/01', '01/02/2024', '2024-01-01T00:00:00Z', '2024-W01', 'today', '+002024-01-01', '2024-01-1 ',
  ' 2024-01-01', '2024-02-29', '1900-01-01', '2099-12-31', '2024-06', '2024', '-2024-01-01', '２０２４-01-01',
].map((s) => h(`date ${JSON.stringify(s)}`, s));

/** Months: the same traps, month-sized. */
export const MONTHS: readonly Hostile[] = [
  '2024-13', '2024-00', '1899-12', '2100-01', '2024-1', '2024-12-31', '2024-02-30', '202405', '2024/05', 'May 2024', '2024-05-01T00:00',
].map((s) => h(`month ${JSON.stringify(s)}`, s));

const LONG = 'a'.repeat(10_000);
/** Past the app's 64 KiB body limit on its own. */
export const OVER_BODY_LIMIT = 'b'.repeat(70 * 1024);

/** Text no field should trip over: each is either refused with a 400 or stored as given. */
export const STRINGS: readonly Hostile[] = [
  h('empty', ''),
  h('spaces', '   '),
  h('tab and spaces', ' \t '),
  h('10k characters', LONG),
  h('101 characters', 'x'.repeat(101)),
  h('501 characters', 'y'.repeat(501)),
  h('emoji', '🏠💰👨‍👩‍👧‍👦'),
  h('RTL Arabic', 'مرحبا بالعالم'),
  h('RTL override', '\u202Eevil\u202C.jpg'),
  h('combining marks', 'e\u0301\u0301\u0301 Z̸̢̛̗a̴l̷g̶o̵'),
  h('CJK', '李小龍 東京 서울'),
  h('astral CJK', '𠜎𠜱𠝹'),
  h('zero-width space only', '\u200b'),
  h('BOM', '\ufeffP'),
  h('NUL', '\u0000'),
  h('NUL inside', 'P\u0000Q'),
  h('BEL', 'bell\u0007'),
  h('ANSI escape', '\u001b[31mred'),
  h('DEL', 'x\u007f'),
  h('C1 NEL', 'x\u0085y'),
  h('lone high surrogate', '\ud800'),
  h('lone low surrogate', 'x\udc00'),
  h('CRLF', 'line\r\nSet-Cookie: x=1'),
  h('SQL tautology', "' OR 1=1 --"),
  h('SQL drop', "'; DROP TABLE ledger_entry; --"),
  h('SQL union', "') UNION SELECT password_hash FROM portal_user --"),
  h('SQL double quote', '" OR ""="'),
  h('SQL sleep', '1; SELECT pg_sleep(5)'),
  h('SQL placeholder', '$1'),
  h('LIKE wildcards', '%_%'),
  h('backslash', '\\'),
  h('script tag', '<script>alert(1)</script>'),
  h('img onerror', '<img src=x onerror=alert(1)>'),
  h('svg onload', '"><svg onload=alert(1)>'),
  h('javascript URL', 'javascript:alert(1)'),
  h('template', '{{7*7}} ${7*7} #{7*7}'),
  h('path traversal', '../../etc/passwd'),
  h('Windows traversal', '..\\..\\windows\\win.ini'),
  h('encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
  h('file URL', 'file:///etc/passwd'),
  h('__proto__', '__proto__'),
  h('constructor', 'constructor'),
  h('toString', 'toString'),
  h('text null', 'null'),
  h('text undefined', 'undefined'),
  h('text NaN', 'NaN'),
  h('text true', 'true'),
  h('JSON in text', '{"$ne":null}'),
  h('format string', '%s%s%s%n'),
  h('just over 100 visible', 'É'.repeat(101)),
];

/** For the one field that carries a file: base64 that is not a picture, or not base64. */
export const PICTURE_DATA: readonly Hostile[] = [
  h('base64 of text', Buffer.from('not a picture at all').toString('base64')),
  h('data URL of SVG', `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`),
  h('base64 with junk', 'iVBORw0KGgo$$$'),
  h('PNG header only', 'iVBORw0KGgo='),
  h('padding only', '===='),
];

/** Values for an `Idempotency-Key` header: valid ones, and ones the server must refuse in plain words. */
export const IDEMPOTENCY_KEYS: readonly string[] = [
  'short', 'k'.repeat(129), "' OR 1=1 --", '../../etc/passwd', '<script>', 'key with spaces', '%00%00%00%00%00',
];
