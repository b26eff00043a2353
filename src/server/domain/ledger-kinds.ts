/**
 * The kinds of ledger entry, in one table (docs/rules/ledger.md): what family of money each moves, its
 * sign in that family, and what it belongs to. Every list of kinds the repositories' SQL filters by is
 * taken from here, so adding or regrouping a kind is one edit. The database's CHECK constraint on
 * ledger_entry.kind holds the same names (tests/integration/ledger-kinds.test.ts compares them).
 */

/** capital: an investor's money in a property; deposit: tenants' deposits held; income and expense: a
 * property's (or LLC's) books; cash: what an investor takes out of their cash balance. */
export type KindFamily = 'capital' | 'deposit' | 'income' | 'expense' | 'cash';

/**
 * What an entry of the kind refers to: a property alone, an investor in a property, an investor alone
 * (their cash), or an LLC alone (its own expenses).
 */
export type KindOwner = 'property' | 'investor-property' | 'investor' | 'llc';

type KindRow = { readonly family: KindFamily; readonly sign: 1 | -1; readonly owner: KindOwner };

/** The sign is the entry's direction in its family: +1 adds to it (money in), -1 takes from it. */
export const LEDGER_KINDS = {
  investment: { family: 'capital', sign: 1, owner: 'investor-property' },
  investment_withdrawal: { family: 'capital', sign: -1, owner: 'investor-property' },
  cash_withdrawal: { family: 'cash', sign: -1, owner: 'investor' },
  property_income: { family: 'income', sign: 1, owner: 'property' },
  property_expense: { family: 'expense', sign: -1, owner: 'property' },
  investor_property_expense: { family: 'expense', sign: -1, owner: 'investor-property' },
  lc_payment: { family: 'income', sign: 1, owner: 'property' },
  deposit: { family: 'deposit', sign: 1, owner: 'property' },
  deposit_withdrawal: { family: 'deposit', sign: -1, owner: 'property' },
  llc_expense: { family: 'expense', sign: -1, owner: 'llc' },
} as const satisfies Record<string, KindRow>;

export type LedgerKind = keyof typeof LEDGER_KINDS;

/** Every kind, in the table's order (the order of the database's CHECK constraint). */
export const ALL_KINDS = Object.keys(LEDGER_KINDS) as LedgerKind[];

/** The kinds whose row matches every given attribute, in the table's order. */
export function kindsWhere(match: Partial<KindRow> & { families?: readonly KindFamily[] }): LedgerKind[] {
  return ALL_KINDS.filter((k) => {
    const row: KindRow = LEDGER_KINDS[k];
    return (match.family === undefined || row.family === match.family)
      && (match.families === undefined || match.families.includes(row.family))
      && (match.sign === undefined || row.sign === match.sign)
      && (match.owner === undefined || row.owner === match.owner);
  });
}

/** The kinds of a family, in the table's order. */
export const kindsOf = (...families: KindFamily[]): LedgerKind[] => kindsWhere({ families });

/** The named groups the reads filter by, each taken from the table once. */
export const KINDS = {
  /** An investor's capital in a property: investments and returns of capital. */
  capital: kindsOf('capital'),
  /** Deposits held for tenants: taken and refunded. */
  deposits: kindsOf('deposit'),
  /** What moves a balance the database guards (migration 0010): capital and deposits. */
  balances: kindsOf('capital', 'deposit'),
  /** Gross income: rent and other property income, land-contract payments. */
  income: kindsOf('income'),
  /** Every expense: a property's, an investor's on a property, an LLC's own. */
  expenses: kindsOf('expense'),
  /** A property's own net income by month (docs/rules/ownership.md): its income less its own expenses. */
  propertyNet: kindsWhere({ families: ['income', 'expense'], owner: 'property' }),
  /** A property's income and every expense booked on it (the tax report's items of a property). */
  propertyBooks: ALL_KINDS.filter((k) => ['income', 'expense'].includes(LEDGER_KINDS[k].family) && LEDGER_KINDS[k].owner !== 'llc'),
  /** What ties an investor to a property: their capital in it and the expenses charged to them there. */
  investorInProperty: kindsWhere({ owner: 'investor-property' }),
  /** An investor's money movements on a statement: capital in and out, and cash taken. */
  investorMoney: kindsOf('capital', 'cash'),
} as const;

/**
 * A kind list as constant SQL text, `('a', 'b')`, for `kind IN …`: the names come from the table, never
 * from input, and a constant list leaves the planner the same choices as the literal text did.
 */
export const sqlKinds = (kinds: readonly LedgerKind[]): string => `(${kinds.map((k) => `'${k}'`).join(', ')})`;
