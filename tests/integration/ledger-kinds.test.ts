import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_KINDS } from '../../src/contract/schemas/corrections.js';
import { ALL_KINDS, KINDS, LEDGER_KINDS, sqlKinds } from '../../src/server/domain/ledger-kinds.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';

/** The quoted names of a constraint's or trigger's definition, in their order. */
const namesIn = (definition: string) => [...definition.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);

// The one table of ledger kinds (src/server/domain/ledger-kinds.ts) against the database's own list.
describe.each(DB_KINDS)('the ledger kinds on %s', (kind) => {
  it('are exactly the kinds the CHECK constraint of ledger_entry allows, and the balance guard watches the balance kinds', async () => {
    const testDb = await openTestDb(kind);
    try {
      const [check] = await testDb.db.query<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'ledger_entry'::regclass AND conname = 'ledger_entry_kind_check'`,
      );
      expect(namesIn(check!.def)).toEqual(ALL_KINDS);
      const [guard] = await testDb.db.query<{ def: string }>(
        `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = 'ledger_entry'::regclass AND tgname = 'ledger_balance_guard'`,
      );
      expect(namesIn(guard!.def)).toEqual(KINDS.balances);
      // The constant fragment is valid SQL on this database.
      await expect(testDb.db.query(`SELECT 1 FROM ledger_entry WHERE kind IN ${sqlKinds(KINDS.income)}`)).resolves.toEqual([]);
    } finally {
      await testDb.drop();
    }
  });
});

describe('the table of ledger kinds', () => {
  it('names the same kinds as the contract', () => {
    expect([...ENTRY_KINDS].sort()).toEqual([...ALL_KINDS].sort());
  });

  it('gives each group the kinds the reads always filtered by', () => {
    const set = (ks: readonly string[]) => [...ks].sort();
    expect(set(KINDS.capital)).toEqual(set(['investment', 'investment_withdrawal']));
    expect(set(KINDS.deposits)).toEqual(set(['deposit', 'deposit_withdrawal']));
    expect(set(KINDS.balances)).toEqual(set(['investment', 'investment_withdrawal', 'deposit', 'deposit_withdrawal']));
    expect(set(KINDS.income)).toEqual(set(['property_income', 'lc_payment']));
    expect(set(KINDS.expenses)).toEqual(set(['property_expense', 'investor_property_expense', 'llc_expense']));
    expect(set(KINDS.propertyNet)).toEqual(set(['property_income', 'lc_payment', 'property_expense']));
    expect(set(KINDS.propertyBooks)).toEqual(set(['property_income', 'lc_payment', 'property_expense', 'investor_property_expense']));
    expect(set(KINDS.investorInProperty)).toEqual(set(['investment', 'investment_withdrawal', 'investor_property_expense']));
    expect(set(KINDS.investorMoney)).toEqual(set(['investment', 'investment_withdrawal', 'cash_withdrawal']));
    expect(sqlKinds(KINDS.capital)).toBe("('investment', 'investment_withdrawal')");
  });

  it('signs income as money in, and expenses and cash as money out', () => {
    for (const [k, row] of Object.entries(LEDGER_KINDS)) {
      if (row.family === 'income') expect(row.sign, k).toBe(1);
      if (row.family === 'expense' || row.family === 'cash') expect(row.sign, k).toBe(-1);
    }
  });

  it('is the only list of kinds in the repositories’ SQL', () => {
    const modules = path.resolve(import.meta.dirname, '../../src/server/modules');
    const literal = /kind\s+IN\s*\(\s*'/i;
    const offenders = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.repository.ts'))
      .filter((f) => literal.test(readFileSync(path.join(modules, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
