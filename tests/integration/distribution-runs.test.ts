import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readNacha } from '../../src/server/lib/nacha/read-nacha.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

const COUNTED = ['distribution_run', 'distribution_run_line', 'ledger_entry', 'audit_event', 'notice_outbox'] as const;
const SECOND_ADMIN = { username: 'second.admin', password: 'copper meadow signal 58' };
const DATA_KEY = randomBytes(32).toString('base64');
const ACH_DETAILS = {
  company_name: 'Maple Investors', company_id: '1123456789', originating_routing: '021000021',
  destination_routing: '021000021', destination_name: 'JPMorgan Chase', origin_name: 'Maple Investors LLC',
};

type Line = { investor_name: string; cash_available: number; amount: number; computed: number; explanation: string; method: string; account_last_four: string | null; entry_id: number | null };
type Run = { id: number; status: string; total: number; paid_lines: number; lines: Line[]; drafted_by: string | null; approved_by: string | null };

/**
 * Distribution runs on the Maple books (A may take 4,042.50 in cash, B 3,700.00, C 19,102.50; total cash
 * 26,845.00): a draft writes nothing to the ledger, approval writes one cash withdrawal per line in one
 * transaction, and every refusal writes nothing.
 */
describe.each(DB_KINDS)('distribution runs on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let token: string;

  const post = (url: string, payload: unknown, as = token) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(as) });
  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const maxCash = async (name: string) => (await get(`/admin/get_max_cash_withdrawal?investor_name=${name}`)).json().max_cash_withdrawal as number;
  const totalCash = async () => (await get('/admin/get_admin_summary')).json().total_cash as number;
  const counts = async () => {
    const out = {} as Record<(typeof COUNTED)[number], number>;
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };
  const draft = async (body: object): Promise<Run> => {
    const res = await post('/admin/draft_distribution_run', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Run;
  };
  const amounts = (run: Run) => Object.fromEntries(run.lines.map((l) => [l.investor_name, l.amount]));

  beforeAll(async () => {
    maple = await mapleBooksTemplate(kind);
  }, 120_000);
  afterAll(() => maple?.close());

  const open = (env: Record<string, string> = {}) => async () => {
    t = await maple.start(env);
    token = maple.state.admin;
  };
  const close = () => t?.close();

  describe('drafting and approving', () => {
    beforeEach(open());
    afterEach(close);

    it('drafts an all-cash run without touching the ledger, then approval leaves every cash maximum at 0.00 and lowers total cash by the run total', async () => {
      const before = await counts();
      const cashBefore = await totalCash();
      const run = await draft({ date: '2025-12-31', mode: 'all_cash', memo: 'Q4 2025 distribution' });
      expect(run.status).toBe('draft');
      expect(amounts(run)).toEqual({ A: 4042.5, B: 3700, C: 19102.5 });
      expect(run.lines.map((l) => l.cash_available)).toEqual([4042.5, 3700, 19102.5]);
      expect(run.lines.every((l) => l.method === 'check')).toBe(true); // no approved bank account: paid by check
      expect(run.total).toBe(26845);
      expect(run.lines[0]!.explanation).toBe('All of 4,042.50.');
      const drafted = await counts();
      expect(drafted.ledger_entry).toBe(before.ledger_entry);
      expect(drafted.distribution_run).toBe(before.distribution_run + 1);
      expect(drafted.audit_event).toBe(before.audit_event + 1);

      const approved = await post('/admin/approve_distribution_run', { id: run.id });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().message).toBe('Distribution run approved: 3 cash withdrawals recorded.');
      expect(approved.json().status).toBe('approved');
      for (const name of ['A', 'B', 'C']) expect(await maxCash(name)).toBe(0);
      const cashAfter = await totalCash();
      expect(Math.round((cashBefore - cashAfter) * 100)).toBe(2684500);

      const after = await counts();
      expect(after.ledger_entry).toBe(drafted.ledger_entry + 3);
      expect(after.audit_event).toBe(drafted.audit_event + 4); // each entry's record row and the run's approval
      // Each paid investor gets the withdrawal notice, queued with the entries.
      const notices = await t.testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notice_outbox WHERE event = 'withdrawal_recorded' AND dedupe_key LIKE $1`, [`%distribution_run:${run.id}`]);
      expect(notices[0]!.n).toBe(3);
      const entries = await t.testDb.db.query<{ kind: string; date: string; description: string; amount: number }>(
        `SELECT kind, date, description, amount_cents::int AS amount FROM ledger_entry WHERE id = ANY($1::bigint[]) ORDER BY amount_cents`,
        [approved.json().lines.map((l: Line) => l.entry_id)]);
      expect(entries).toEqual([
        { kind: 'cash_withdrawal', date: '2025-12-31', description: 'Q4 2025 distribution', amount: 370000 },
        { kind: 'cash_withdrawal', date: '2025-12-31', description: 'Q4 2025 distribution', amount: 404250 },
        { kind: 'cash_withdrawal', date: '2025-12-31', description: 'Q4 2025 distribution', amount: 1910250 },
      ]);
    });

    it('pays each investor exactly half of their maximum, rounded down to the cent, in a 50 % run', async () => {
      // A takes one cent first, so A's half is 2,021.245: rounded down to 2,021.24, never up.
      await seedAs(t, token)('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2025-01-02', description: 'a cent', amount: '0.01' });
      const run = await draft({ date: '2025-12-31', mode: 'percent', percent: '50' });
      expect(amounts(run)).toEqual({ A: 2021.24, B: 1850, C: 9551.25 });
      expect(run.lines[0]!.explanation).toBe('50 % of 4,042.49 = 2,021.245, rounded down to 2,021.24.');
      expect(run.lines[1]!.explanation).toBe('50 % of 3,700.00 = 1,850.00.');
      expect((await post('/admin/approve_distribution_run', { id: run.id })).statusCode).toBe(200);
      expect(await maxCash('A')).toBe(2021.25);
      expect(await maxCash('B')).toBe(1850);
      expect(await maxCash('C')).toBe(9551.25);
    });

    it('leaves a line below the minimum at 0.00, shown, and lets a line be changed within its maximum', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash', minimum: '4000', investor_names: ['B', 'A'] });
      expect(run.lines.map((l) => [l.investor_name, l.amount])).toEqual([['A', 4042.5], ['B', 0]]);
      expect(run.lines[1]!.explanation).toBe('All of 3,700.00. 3,700.00 is below the minimum of 4,000.00: left out.');
      const changed = await post('/admin/change_distribution_line', { id: run.id, investor_name: 'B', amount: '1000.00' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().total).toBe(5042.5);
      expect(changed.json().lines[1].explanation).toMatch(/Changed by hand to 1,000\.00\.$/);
      const list = (await get('/admin/distribution_runs')).json().runs as { id: number; total: number; status: string }[];
      expect(list.find((r) => r.id === run.id)).toMatchObject({ total: 5042.5, status: 'draft' });
    });

    it('drafts for an LLC\'s members', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'percent', percent: '10', llc_name: 'Maple Holdings LLC' });
      expect(run.lines.map((l) => l.investor_name)).toEqual(['A', 'B', 'C']);
      expect(amounts(run)).toEqual({ A: 404.25, B: 370, C: 1910.25 });
    });

    it('writes once when two approvals of one run arrive at once; the second is refused with 409', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash' });
      const before = await counts();
      const answers = await Promise.all([post('/admin/approve_distribution_run', { id: run.id }), post('/admin/approve_distribution_run', { id: run.id })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/is already approved/);
      expect((await counts()).ledger_entry).toBe(before.ledger_entry + 3);
    });

    it('cancels a draft, and refuses to approve or change a cancelled run', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash' });
      const cancelled = await post('/admin/cancel_distribution_run', { id: run.id });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      const before = await counts();
      const again = await post('/admin/approve_distribution_run', { id: run.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`Only a draft can be approved: distribution run ${run.id} was cancelled.`);
      expect(await counts()).toEqual(before);
    });

    it('downloads an approved run as CSV, its checks with mailing addresses, and answers 409 for the NACHA file until the ACH details are set', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash', memo: 'Q4' });
      expect((await get(`/admin/distribution_run_checks?id=${run.id}`)).statusCode).toBe(409); // a draft has no payment files
      expect((await post('/admin/approve_distribution_run', { id: run.id })).statusCode).toBe(200);
      const csv = await get(`/admin/distribution_run_csv?id=${run.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`run-${run.id}.csv`);
      expect(csv.body).toContain('A,4042.50,4042.50,4042.50,Check,2025-12-31,approved');
      const checks = await get(`/admin/distribution_run_checks?id=${run.id}`);
      expect(checks.statusCode).toBe(200);
      expect(checks.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
        'Name,Amount,Mailing address,Memo,Date',
        'A,4042.50,1 A Street,Q4,2025-12-31',
        'B,3700.00,2 B Street,Q4,2025-12-31',
        'C,19102.50,3 C Street,Q4,2025-12-31',
      ]);
      const nacha = await get(`/admin/distribution_run_nacha?id=${run.id}`);
      expect(nacha.statusCode).toBe(409);
      expect(nacha.json().message).toMatch(/ACH details are not set yet/);
      expect((await get('/admin/distribution_run_nacha?id=999999')).statusCode).toBe(404);
    });
  });

  describe('refusals, each writing nothing', () => {
    beforeEach(open());
    afterEach(close);

    it.each([
      ['no line above zero', { date: '2025-12-31', mode: 'all_cash', minimum: '100000' }, /^Nothing to pay: no investor has cash available above the minimum/],
      ['a percent over 100', { date: '2025-12-31', mode: 'percent', percent: '100.01' }, 'Percent must be at most 100.'],
      ['a percent with 3 decimals', { date: '2025-12-31', mode: 'percent', percent: '12.345' }, 'Percent must have at most two decimals.'],
      ['a percent of 0', { date: '2025-12-31', mode: 'percent', percent: '0' }, 'Percent must be greater than zero.'],
      ['a percent run without a percent', { date: '2025-12-31', mode: 'percent' }, 'Percent is required for a percent run (an all-cash run pays all and ignores it).'],
      ['a date in the future', { date: '2026-01-16', mode: 'all_cash' }, 'A distribution cannot be dated in the future.'],
      ['an unknown LLC', { date: '2025-12-31', mode: 'all_cash', llc_name: 'Zed LLC' }, 'No LLC named "Zed LLC".'],
      ['an unknown investor', { date: '2025-12-31', mode: 'all_cash', investor_names: ['A', 'Zed'] }, 'No investor named "Zed".'],
      ['an LLC and investors both', { date: '2025-12-31', mode: 'all_cash', llc_name: 'Maple Holdings LLC', investor_names: ['A'] },
        'Choose either an LLC or investors, not both (neither: every investor).'],
    ])('refuses a draft with %s (400)', async (_, body, message) => {
      const before = await counts();
      const res = await post('/admin/draft_distribution_run', body);
      expect(res.statusCode, res.body).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      expect(await counts()).toEqual(before);
    });

    it('refuses a line above its maximum (400)', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'percent', percent: '50' });
      const before = await counts();
      const res = await post('/admin/change_distribution_line', { id: run.id, investor_name: 'A', amount: '4042.51' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Amount cannot exceed the maximum withdrawal amount of 4042.50 (A's cash available now).");
      expect(await counts()).toEqual(before);
      expect((await post('/admin/change_distribution_line', { id: run.id, investor_name: 'Zed', amount: '1' })).statusCode).toBe(400);
    });

    it('refuses to approve a run whose every line was changed to 0.00 (400)', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash', investor_names: ['B'] });
      expect((await post('/admin/change_distribution_line', { id: run.id, investor_name: 'B', amount: '0' })).statusCode).toBe(200);
      const before = await counts();
      const res = await post('/admin/approve_distribution_run', { id: run.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Nothing to pay: every line of this run is 0.00. Change a line, or cancel the run.');
      expect(await counts()).toEqual(before);
    });

    it('refuses the whole run, naming the investor, when a maximum fell below its line since the draft', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash' });
      await seedAs(t, token)('/admin/record_cash_withdrawal', { investor_name: 'C', date: '2025-06-30', description: 'paid by hand', amount: '100.00' });
      const before = await counts();
      const res = await post('/admin/approve_distribution_run', { id: run.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("C's cash maximum is now 19002.50, below the 19102.50 of this run: change the line, then approve again. Nothing was paid.");
      expect(await counts()).toEqual(before);
      expect(await maxCash('A')).toBe(4042.5); // A's line, before C's in the run, was not paid either
      expect((await get(`/admin/distribution_run?id=${run.id}`)).json().status).toBe('draft');
    });

    it('refuses to approve, cancel or change an approved run (409)', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'percent', percent: '25' });
      expect((await post('/admin/approve_distribution_run', { id: run.id })).statusCode).toBe(200);
      const before = await counts();
      const approve = await post('/admin/approve_distribution_run', { id: run.id });
      expect(approve.statusCode).toBe(409);
      expect(approve.json().message).toMatch(/^Only a draft can be approved: distribution run \d+ is already approved\. To undo a payment, void its cash withdrawal/);
      expect((await post('/admin/cancel_distribution_run', { id: run.id })).statusCode).toBe(409);
      expect((await post('/admin/change_distribution_line', { id: run.id, investor_name: 'A', amount: '1' })).statusCode).toBe(409);
      expect((await post('/admin/approve_distribution_run', { id: 999999 })).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });

  describe('paying by ACH (an approved bank account, the ACH details set)', () => {
    beforeEach(open({ DATA_KEY }));
    afterEach(close);

    it("pays A by ACH to the account's last four, the others by check, and downloads A's payment as a NACHA file", async () => {
      const account = await post('/api/change_bank_account', { investor_name: 'A', routing_number: '021000021', account_number: '000123456789', account_type: 'checking' });
      expect(account.statusCode, account.body).toBe(200);
      const run = await draft({ date: '2025-12-31', mode: 'all_cash', memo: 'Q4' });
      expect(run.lines.map((l) => [l.investor_name, l.method, l.account_last_four]))
        .toEqual([['A', 'ach', '6789'], ['B', 'check', null], ['C', 'check', null]]);
      expect((await post('/admin/approve_distribution_run', { id: run.id })).statusCode).toBe(200);

      expect((await get(`/admin/distribution_run_nacha?id=${run.id}`)).statusCode).toBe(409); // no ACH details yet
      expect((await post('/admin/change_ach_settings', ACH_DETAILS)).statusCode).toBe(200);
      const file = await get(`/admin/distribution_run_nacha?id=${run.id}`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-disposition']).toContain(`run-${run.id}.ach`);
      const read = readNacha(file.body);
      expect(read.batches).toHaveLength(1);
      expect(read.batches[0]!.entries.map((e) => [e.amountCents, e.accountNumber.trim(), e.name.trim()])).toEqual([[404250, '000123456789', 'A']]);
      expect(read.recordCount % 10).toBe(0);

      const checks = await get(`/admin/distribution_run_checks?id=${run.id}`);
      expect(checks.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((row) => row.split(',')[0])).toEqual(['Name', 'B', 'C']);
    });
  });

  describe('with REQUIRE_SECOND_APPROVER=true (maker-checker)', () => {
    beforeEach(open({ REQUIRE_SECOND_APPROVER: 'true' }));
    afterEach(close);

    it('refuses the drafting admin\'s approval, writing nothing, and takes another admin\'s', async () => {
      const run = await draft({ date: '2025-12-31', mode: 'all_cash' });
      const before = await counts();
      const own = await post('/admin/approve_distribution_run', { id: run.id });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('You drafted this run: another admin must approve it.');
      expect(await counts()).toEqual(before);

      await t.services.users.createAdmin(SECOND_ADMIN.username, SECOND_ADMIN.password);
      const second = await signIn(t.app, SECOND_ADMIN.username, SECOND_ADMIN.password);
      const res = await post('/admin/approve_distribution_run', { id: run.id }, second);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', drafted_by: 'admin', approved_by: SECOND_ADMIN.username });
      expect(await maxCash('C')).toBe(0);
    });
  });
});
