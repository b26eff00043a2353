import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS, MAPLE_WITHDRAWALS } from '../../fixtures/maple.js';
import { MAPLE_PASSWORD } from '../maple-books.js';
import type { FieldSpec } from './fields.js';

/**
 * Valid-looking values for a field, so that a request passes validation and reaches the services and the
 * database: the names, dates, amounts and texts the Maple books were written with (real investors,
 * properties, the LLC, its categories), and for fields the fixture never sends, values shaped by the
 * field's schema and name.
 */

/** What changes while the fuzzer runs (live-values.ts). */
export type LiveValues = {
  /** The fuzz account's password, which moves with every accepted change. */
  accountPassword(): string;
  /** A name no one has used yet, for an "add" that should succeed. */
  fresh(prefix: string): string;
  /** Records the API answered so far (viewer rows, report lines), by their field names. */
  records(): readonly Record<string, unknown>[];
};

/** Passwords the password policy accepts, for a change that should succeed. */
export const STRONG_PASSWORDS = ['copper meadow falcon 93', 'silent harbor quartz 58', 'velvet tundra compass 21'];

/** Every value the fixture sends, by field name. */
function fixturePools(): Map<string, unknown[]> {
  const pools = new Map<string, Set<unknown>>();
  const bodies: object[] = [MAPLE_LLC, ...MAPLE_PROPERTIES, ...MAPLE_INVESTORS, ...[...MAPLE_RECORDINGS, ...MAPLE_WITHDRAWALS].map(([, b]) => b)];
  for (const body of bodies) {
    for (const [k, v] of Object.entries(body)) {
      if (!pools.has(k)) pools.set(k, new Set());
      pools.get(k)!.add(v);
    }
  }
  return new Map([...pools].map(([k, set]) => [k, [...set]]));
}

const FIXTURE = fixturePools();
const all = (...names: string[]) => names.flatMap((n) => FIXTURE.get(n) ?? []);

const PROPERTY_NAMES = MAPLE_PROPERTIES.map((p) => p.property_name);
const INVESTOR_NAMES = MAPLE_INVESTORS.map((i) => i.name);
const CATEGORIES = all('income_category', 'expense_category');
const DATES = [...new Set(all('date', 'income_date', 'expense_date', 'payment_date', 'purchase_date', 'date_started'))];
/** A 1×1 transparent PNG: a real picture, so an upload can succeed. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Values by the field's name, where the name says what it holds; checked in order, first match wins. */
const BY_NAME: [RegExp, (f: FieldSpec, live: LiveValues) => unknown[]][] = [
  [/^current_password$/, (_f, live) => [live.accountPassword(), live.accountPassword(), MAPLE_PASSWORD, 'not the password']],
  [/^new_password$/, () => [...STRONG_PASSWORDS, 'password', '12345678']],
  [/password/, () => [MAPLE_PASSWORD, 'wrong password 1', 'amber canyon whistle 78']],
  // Never the admin: wrong passwords would lock out the account the whole run signs in with.
  [/username/, () => ['investor.b', 'investor.c', 'nobody.at.all', 'fuzz.newcomer']],
  [/token/, () => ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'not-a-token']],
  [/secret/, () => ['0123456789abcdef0123456789abcdef', 'a-made-up-secret']],
  [/url/, () => ['https://example.com/p.jpg', '/pictures/1', 'http://example.com/a%20b.png']],
  [/^data$/, () => [TINY_PNG, `data:image/png;base64,${TINY_PNG}`]],
  [/^entity$/, () => ['ledger_entry', 'investor', 'portal_user', 'llc', 'property']],
  // Names that exist (so lookups find the Maple books) and one that does not yet (so an "add" can succeed).
  [/loren/, (f, live) => (f.types.has('null') ? [null, '', undefined] : [live.fresh('Fuzz Loren'), 'Åsa Lindqvist'])],
  [/propert/i, (_f, live) => [...PROPERTY_NAMES, ...PROPERTY_NAMES, live.fresh('Fuzz Property')]],
  [/llc/i, (_f, live) => [MAPLE_LLC.llc_name, MAPLE_LLC.llc_name, live.fresh('Fuzz LLC')]],
  [/investor/i, () => INVESTOR_NAMES],
  // Income categories for income, expense categories for expenses: the fixture's own, where it has them.
  [/category/, (f, live) => [...(all(f.name).length ? all(f.name) : CATEGORIES), live.fresh('Fuzz Category')]],
  [/^name$/, (_f, live) => [live.fresh('Fuzz Investor'), 'Zoë Ñandú', ...INVESTOR_NAMES]],
  [/email/, () => ['x@example.com', '']],
  [/phone/, () => ['555-0199', '']],
  // A correction's new entry: the fields of a recording form, as the fixture sends them (correct_entry).
  [/^entry$/, () => [...MAPLE_RECORDINGS, ...MAPLE_WITHDRAWALS].map(([, body]) => body).filter((_, i) => i % 7 === 0)],
  [/description|notes|detail|reason|payer|address|activity|product/, (f) => [...all(f.name), 'Fuzz note', 'Zoë 李 🏠']],
];

/** Values by the field's schema, for the fields the names above do not cover. */
function byKind(f: FieldSpec): unknown[] {
  switch (f.kind) {
    case 'enum':
      return f.enum ?? [];
    case 'pattern':
      // Fixed-length digits (fields.ts): six-digit codes; a code no authenticator shows is as good as any.
      return ['123456', '531110', '000000'];
    case 'integer':
      return /^id$/.test(f.name) ? Array.from({ length: 120 }, (_, i) => i + 1) : integersIn(f);
    case 'amount':
      if (/fee/.test(f.name)) return ['0.05', '0.10', 0, '0.5', '0'];
      // A price, a land value, a down payment: the fixture's own figures keep them consistent with each other.
      return all(f.name).length ? [...all(f.name), '12.00'] : [...all('amount'), '12.00', 1, '0.01', 25000];
    case 'date':
      return [...DATES, '2024-06-30', '2025-01-15', ...(f.types.has('null') ? [null, ''] : [])];
    case 'month':
      return ['2024-05', '2024-07-01', '2025-01', ...all(f.name)];
    case 'year':
      return ['2024', 2024, '2023', '2020'];
    case 'text':
      return [...all(f.name), 'Fuzz text'];
  }
}

function integersIn(f: FieldSpec): number[] {
  const min = f.minimum ?? 0;
  const max = Math.min(f.maximum ?? 1000, min + 1000);
  return [min, Math.floor((min + max) / 2), max, min + 1];
}

/** The valid-looking values of a field (`undefined` means: leave the field out). */
export function validValues(f: FieldSpec, live: LiveValues): unknown[] {
  // Amounts, dates, enums and codes are told by their schema; free text by the field's name.
  if (f.kind !== 'text') return byKind(f);
  const named = BY_NAME.find(([re]) => re.test(f.name));
  const values = named ? named[1](f, live) : byKind(f);
  return values.length ? values : byKind(f);
}
