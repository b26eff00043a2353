import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS } from '../support/test-db.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

describe.each(DB_KINDS)('the investor portal on %s (docs/rules/README.md)', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;
  let tokens: Record<string, string> = {};
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(admin) });
  const summary = async (as: string, name?: string) =>
    (await get(`/api/investor_summary${name === undefined ? '' : `?investor_name=${encodeURIComponent(name)}`}`, tokens[as] ?? admin)).json();


  beforeAll(async () => {
    // The Maple books with the investors' logins and the example withdrawals; the tokens hold on every copy.
    maple = await mapleBooksTemplate(kind, { logins: true });
    ({ admin, investors: tokens } = maple.state);
  });
  afterAll(() => maple?.close());

  /** A fresh app on a copy of the Maple books. */
  const open = async () => {
    t = await maple.start();
    // The worked example is as of 2024-12-31 (the current year is annualised to date).
    t.clock.set(new Date('2024-12-31T18:00:00Z'));
  };
  const close = () => t?.close();

  describe('on the Maple books as of 2024-12-31', () => {
    // The tests read the example's investors; those that write keep to books of their own (below).
    beforeAll(open);
    afterAll(close);

    it('answers investor A the figures of the worked example', async () => {
      const a = await summary('A');
      expect(a).toMatchObject({
        investor_name: 'A',
        total_investments: 75000, // 100,000 − 25,000
        total_income: 10042.5, // 10,980 − 187.50 − 750
        total_roi: 10.04, // 10,042.50 / 100,000 peak
        cash_balance: 4042.5, // 10,042.50 − 6,000
        total_rental_investments: 75000,
        total_lc_investments: 0,
        total_other_investments: 0,
        roi_per_year: { '2024': 10.96 }, // 10,042.50 × 12 / 1,100,000
        investments_per_month: [{ date: '2024-09', amount: -25000 }, { date: '2024-01', amount: 100000 }],
        distributions_per_month: [
          { date: '2024-09', amount: 25000, description: 'Return of capital – P' },
          { date: '2024-07', amount: 6000, description: 'Q2 distribution' },
        ],
        property_pictures: [{ P: 'https://example.com/p.jpg' }],
      });
      expect(a.cashflow_per_month[0]).toEqual({ date: '2024-12', amount: 810 }); // 900 − 90
      expect(a.cashflow_per_month.slice(-3)).toEqual([
        { date: '2024-03', amount: 600 }, // 1,350 − 750
        { date: '2024-02', amount: 1350 },
        { date: '2024-01', amount: 1162.5 }, // 1,350 − 187.50
      ]);
      expect(a.cashflow_per_month.find((m: { date: string }) => m.date === '2024-07')).toEqual({ date: '2024-07', amount: -360 }); // −400 + 40 clawback
    });

    it('answers B: 3,700.00, ROI 7.40, 2024 at 11.10', async () => {
      expect(await summary('B')).toMatchObject({ total_income: 3700, total_roi: 7.4, cash_balance: 3700, roi_per_year: { '2024': 11.1 }, total_investments: 50000 });
    });

    it('answers C: 19,102.50, 2024 at 31.84 and 0.00 for 2020–2023', async () => {
      const c = await summary('C');
      expect(c).toMatchObject({ total_income: 19102.5, cash_balance: 19102.5, total_lc_investments: 60000, total_rental_investments: 0 });
      expect(c.roi_per_year).toEqual({ '2020': 0, '2021': 0, '2022': 0, '2023': 0, '2024': 31.84 });
    });

    it('answers the property detail of (A, P): 75,000.00 invested, 10,980.00 income, ROI 10.98', async () => {
      const res = await get('/api/investor_property?property_name=P', tokens.A!);
      expect(res.json()).toMatchObject({ property_name: 'P', total_investments: 75000, total_income: 10980, total_roi: 10.98, notes: '' });
      expect(res.json().investments_per_month).toEqual([{ date: '2024-09', amount: -25000 }, { date: '2024-01', amount: 100000 }]);
      expect(res.json().cashflow_per_month[0]).toEqual({ date: '2024-12', amount: 810 });
    });

    it('keeps admin totals reconciled: cash + fees = income − expenses − cash withdrawals (docs/rules/cash.md)', async () => {
      const cash = (await Promise.all(['A', 'B', 'C'].map((n) => summary(n)))).reduce((s, x) => s + Math.round(x.cash_balance * 100), 0);
      expect(cash).toBe(2_684_500); // 26,845.00
      expect(cash + 225_500).toBe(4_500_000 - 990_000 - 600_000); // fees 2,255.00
    });

    describe('who sees what (docs/security.md Z2, Z3)', () => {
      it('defaults to the signed-in investor and accepts their own name in any case', async () => {
        expect((await summary('B')).investor_name).toBe('B');
        expect((await summary('B', ' b ')).investor_name).toBe('B');
      });

      it('answers another investor’s name exactly like a name that does not exist', async () => {
        const other = await get('/api/investor_summary?investor_name=A', tokens.B!);
        const none = await get('/api/investor_summary?investor_name=Nobody', tokens.B!);
        expect(other.statusCode).toBe(404);
        expect(other.body).toBe(none.body);
        expect(other.body).toBe('{"message":"Investor not found."}');
        const detail = await get('/api/investor_property?property_name=P&investor_name=A', tokens.B!);
        expect(detail.statusCode).toBe(404);
        expect(detail.body).toBe(none.body);
      });

      it('hides a property the investor never invested in', async () => {
        const res = await get('/api/investor_property?property_name=Q', tokens.A!);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Property not found.' });
        const missing = await get('/api/investor_property?property_name=Atlantis', tokens.A!);
        expect(missing.body).toBe(res.body);
      });

      it('lets an admin read any investor, and asks an admin for a name', async () => {
        expect((await summary('admin', 'C')).total_income).toBe(19102.5);
        const noName = await get('/api/investor_summary', admin);
        expect(noName.statusCode).toBe(400);
        expect(noName.json()).toEqual({ message: 'Investor name is required.' });
      });

      it('refuses anonymous callers and duplicate query keys', async () => {
        expect((await t.app.inject({ method: 'GET', url: '/api/investor_summary' })).statusCode).toBe(401);
        const dup = await get('/api/investor_summary?investor_name=B&investor_name=A', tokens.B!);
        expect(dup.statusCode).toBe(400);
      });
    });

    describe('edge cases through the API (docs/rules/), on books of their own', () => {
      // A separate LLC, so none of these touch the Maple investors' LLC expenses.
      const EDGE_LLC = { ...MAPLE_LLC, llc_name: 'Edge LLC' };
      const property = (name: string) => ({ ...MAPLE_PROPERTIES[0], property_name: name, llc: 'Edge LLC', purchase_date: '2023-01-01' });
      const investor = (name: string, fee = '0') => ({ name, email: '', phone: '', address: '', fee_percentage: fee });
      const rent = (p: string, month: string, amount: string) => ['/admin/record_property_income', { income_date: `${month}-03`, income_for_month: month, property_name: p, description: 'Rent', amount, income_category: 'Rent' }] as const;
      const loss = (p: string, month: string, amount: string) => ['/admin/record_property_expense', { expense_date: `${month}-10`, expense_for_month: month, property_name: p, description: 'Repair', amount, expense_category: 'Repairs' }] as const;
      const invest = (i: string, p: string, date: string, amount: string) => ['/admin/add_investment', { investor_name: i, property_name: p, date, amount }] as const;
      const record = async (calls: (readonly [string, unknown])[]) => {
        for (const [url, body] of calls) {
          const res = await post(url, body);
          expect(res.statusCode, `${url} ${res.body}`).toBe(201);
        }
      };
      const month = (x: { cashflow_per_month: { date: string; amount: number }[] }, m: string) => x.cashflow_per_month.find((c) => c.date === m)?.amount;

      beforeAll(async () => {
        await record([['/admin/add_llc', EDGE_LLC], ...['S1', 'S3', 'S7', 'S9', 'S11a', 'S11b'].map((p) => ['/admin/add_investment_property', property(p)] as const)]);
      });

      it('1: capital dated the 15th counts that month, the 16th the next', async () => {
        await record([['/admin/add_investor', investor('E15')], ['/admin/add_investor', investor('E16')],
          invest('E15', 'S1', '2024-04-15', '1000'), invest('E16', 'S1', '2024-04-16', '1000'), rent('S1', '2024-04', '1000.00')]);
        expect(month(await summary('admin', 'E15'), '2024-04')).toBe(1000); // alone in April
        expect(month(await summary('admin', 'E16'), '2024-04')).toBeUndefined(); // from May
      });

      it('3: negative months give negative cash, a maximum of 0.00, and the fee waits for the cumulative share', async () => {
        await record([['/admin/add_investor', investor('D3', '0.10')], invest('D3', 'S3', '2024-01-02', '10000'),
          loss('S3', '2024-02', '1200.00'), rent('S3', '2024-03', '1000.00'), rent('S3', '2024-04', '1000.00')]);
        const d = await summary('admin', 'D3');
        // G = −1,200, +1,000, +1,000: cumG −1,200, −200, 800 → fee only in April, 10% × 800 = 80
        expect([month(d, '2024-02'), month(d, '2024-03'), month(d, '2024-04')]).toEqual([-1200, 1000, 920]);
        expect(d.cash_balance).toBe(720);
        t.clock.set(new Date('2024-02-28T12:00:00Z'));
        try {
          expect((await get('/admin/get_max_cash_withdrawal?investor_name=D3', admin)).json()).toEqual({ max_cash_withdrawal: 0 });
        } finally {
          t.clock.set(new Date('2024-12-31T18:00:00Z')); // the other tests read the books as of 2024-12-31
        }
      });

      it('7: income before funding goes to the first investors, by their first weights', async () => {
        // Investments dated 03-20 count from April; March rent of 800 splits by April's 3:1.
        await record([['/admin/add_investor', investor('X7')], ['/admin/add_investor', investor('Y7')],
          invest('X7', 'S7', '2024-03-20', '30000'), invest('Y7', 'S7', '2024-03-20', '10000'), rent('S7', '2024-03', '800.00')]);
        expect(month(await summary('admin', 'X7'), '2024-03')).toBe(600);
        expect(month(await summary('admin', 'Y7'), '2024-03')).toBe(200);
      });

      it('9: an investor-specific expense is charged even without capital there', async () => {
        await record([['/admin/add_investor', investor('Z9')],
          ['/admin/record_investor_property_expense', { investor: 'Z9', expense_date: '2024-05-02', expense_for_month: '2024-05', property_name: 'S9', description: 'Keys', amount: '45.50', expense_category: 'Repairs', payer: 'admin' }]]);
        const z = await summary('admin', 'Z9');
        expect(z.total_income).toBe(-45.5);
        expect(z.cash_balance).toBe(-45.5);
      });

      it('11: same-day moves count capital once for ROI, and same-day money covers a withdrawal', async () => {
        await record([['/admin/add_investor', investor('W11')], invest('W11', 'S11a', '2024-01-02', '50000')]);
        // (b) on 06-01 capital moves from S11a to S11b: the withdrawal and the investment share a date.
        await record([invest('W11', 'S11b', '2024-06-01', '50000'),
          ['/admin/record_investment_withdrawal', { investor_name: 'W11', property_name: 'S11a', date: '2024-06-01', amount: '50000' }],
          rent('S11b', '2024-07', '600.00')]);
        // (a) peak capital replays withdrawals first on one date: 50,000, not 100,000 → 600 / 50,000 = 1.20%
        const w = await summary('admin', 'W11');
        expect(w.total_investments).toBe(50000);
        expect(w.total_roi).toBe(1.2);
        // (b) investments replay first for the running check: money put in on a day covers a withdrawal that day.
        await record([invest('W11', 'S1', '2024-08-01', '1000'),
          ['/admin/record_investment_withdrawal', { investor_name: 'W11', property_name: 'S1', date: '2024-08-01', amount: '1000' }]]);
      });
    });
  });

  describe('edge cases through the API (docs/rules/)', () => {
    // Each changes A's books: each gets a fresh copy of them.
    beforeEach(open);
    afterEach(close);

    it('5: voiding a duplicated roof repair restores A to 10,980.00 on P and a 1,220.00 fee', async () => {
      const dup = await post('/admin/record_property_expense', { expense_date: '2024-07-22', expense_for_month: '2024-07-01', property_name: 'P', description: 'Roof repair', amount: '2100.00', expense_category: 'Repairs', payer: 'admin' });
      const detail = async () => (await get('/api/investor_property?property_name=P', tokens.A!)).json().total_income;
      // July N = −2,700: A's 2024 G = 10,800, fee 1,080, so Inet 9,720.
      expect(await detail()).toBe(9720);
      const voided = await post('/admin/delete_expense', { id: dup.json().id, amount: 2100, date: '2024-07-22', detail: 'Repairs: Roof repair' });
      expect(voided.statusCode).toBe(200);
      expect(await detail()).toBe(10980);
      const stale = await post('/admin/delete_expense', { id: dup.json().id, amount: 2000, date: '2024-07-22' });
      expect(stale.statusCode).toBe(409);
    });

    it('14: a fee change from July charges the later share at 5% without restating earlier months', async () => {
      expect((await post('/admin/set_investor_fee', { investor_name: 'A', fee_percentage: '0.05', effective_month: '2024-07' })).statusCode).toBe(200);
      // A's P share: Jan–Jun cumG 8,000 → fee 800 at 10%; July −400 claws back 20 at 5%; Aug–Dec +4,600 at 5% = 230.
      // Fee 800 − 20 + 230 = 1,010 instead of 1,220: income 12,200 − 1,010 = 11,190.
      expect((await get('/api/investor_property?property_name=P', tokens.A!)).json().total_income).toBe(11190);
      expect((await post('/admin/set_investor_fee', { investor_name: 'A', fee_percentage: '0.10', effective_month: '2024-07' })).statusCode).toBe(200);
      expect((await get('/api/investor_property?property_name=P', tokens.A!)).json().total_income).toBe(10980);
    });
  });
});
