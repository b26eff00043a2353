import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, investorAt } from '../../src/server/modules/read-model/read-model.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { withBirch } from '../support/birch-books.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { prng } from '../support/prng.js';
import { seedAs, type AppTemplate } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Many investors' balances in one pass (read-model/balances.ts: the admin summary, a distribution run's
 * maximums) against each investor's own books (investorAt: their page, a withdrawal's limit): the same cents
 * for every investor, every subset of them and every date, on books of two LLCs that share an investor, with
 * random income, expenses of all three kinds and cash withdrawals, and an investor with no books at all.
 */
describe.each(DB_KINDS)('balances of many investors on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  it('equal each investor’s own figures, for everyone, for any subset and as of any date', async () => {
    const t = await template.start();
    try {
      const admin = template.state.admin;
      await withBirch(t, admin);
      const post = seedAs(t, admin);
      await post('/admin/add_investor', { name: 'E', email: 'e@example.com', phone: '', address: '', fee_percentage: '0.0' });
      const rng = prng(20261127);
      for (let step = 0; step < 40; step++) {
        const date = `2024-${pad(1 + rng.int(0, 11))}-${pad(1 + rng.int(0, 27))}`;
        const forMonth = `2024-${pad(1 + rng.int(0, 11))}-01`;
        const amount = `${1 + rng.int(0, 1999)}.${pad(rng.int(0, 99))}`;
        const property_name = rng.pick(['P', 'Q', 'R']);
        const llc_name = property_name === 'R' ? 'Birch Holdings LLC' : MAPLE_LLC.llc_name;
        const [url, body] = [
          ['/admin/record_property_income', { income_date: date, income_for_month: forMonth, property_name, description: `r${step}`, amount, income_category: 'Rent' }],
          ['/admin/record_property_expense', { expense_date: date, expense_for_month: forMonth, property_name, description: `e${step}`, amount, expense_category: 'Repairs', payer: 'admin' }],
          ['/admin/record_investor_property_expense', { expense_date: date, expense_for_month: forMonth, property_name, description: `i${step}`, amount, expense_category: 'Repairs', investor: property_name === 'R' ? rng.pick(['A', 'D']) : 'A', payer: 'admin' }],
          ['/admin/record_llc_expense', { expense_date: date, llc_name, description: `l${step}`, amount, expense_category: 'State fees', payer: 'admin' }],
          ['/admin/record_cash_withdrawal', { investor_name: rng.pick(['A', 'B', 'C', 'D']), date, description: `w${step}`, amount: `${1 + rng.int(0, 300)}` }],
        ][rng.int(0, 4)] as [string, object];
        const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${admin}` } });
        // A withdrawal above the investor's cash is refused; everything else is written.
        expect([201, 400], res.body).toContain(res.statusCode);
      }

      const ids = (await t.testDb.db.query<{ id: number; name: string }>('SELECT id, name FROM investor ORDER BY name')).map((r) => r.id);
      expect(ids).toHaveLength(5);
      const subsets = [ids, [ids[0]!], [ids[3]!, ids[1]!], [ids[4]!], [ids[0]!, ids[3]!, ids[4]!]];
      for (const asOf of ['2023-12-31', '2024-02-15', '2024-06-30', '2024-12-31', '2025-12-31']) {
        const own = new Map<number, { capital: number; cash: number }>();
        for (const id of ids) {
          const { figures } = await investorAt(t.testDb.db, id, asOf);
          own.set(id, { capital: figures.totalInvestments, cash: figures.cashBalance });
        }
        const everyone = await balancesOf(t.testDb.db, asOf, null);
        for (const id of ids) expect(everyone.get(id) ?? { capital: 0, cash: 0 }, `investor ${id} as of ${asOf}`).toEqual(own.get(id));
        for (const subset of subsets) {
          const some = await balancesOf(t.testDb.db, asOf, subset);
          expect([...some.keys()].sort()).toEqual([...subset].sort());
          for (const id of subset) expect(some.get(id), `investor ${id} of [${subset.join(', ')}] as of ${asOf}`).toEqual(own.get(id));
        }
      }
      // Not a vacuous comparison: the books hold cash and capital for more than one investor at the end.
      const end = await balancesOf(t.testDb.db, '2025-12-31', null);
      expect([...end.values()].filter((b) => b.cash !== 0 && b.capital !== 0).length).toBeGreaterThanOrEqual(3);
      expect(end.get(ids[4]!) ?? { capital: 0, cash: 0 }).toEqual({ capital: 0, cash: 0 });
    } finally {
      await t.close();
    }
  });
});
