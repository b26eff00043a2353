import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCESS, DEMO_INVESTORS, DEMO_PASSWORD, loadDemoData } from '../../src/server/demo/demo-data.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { unzip } from '../support/read-zip.js';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';

describe('demo portfolio', () => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const runtime = { db: t.testDb.db, services: t.services, jwtSecret: '', close: async () => {} };
    await loadDemoData(runtime, (l) => printed.push(l), t.clock.now().toISOString().slice(0, 10));
  }, 180_000);
  afterAll(() => t?.close());

  it('records three years of books through the services, with an audit row for each entry', async () => {
    const [r] = await t.testDb.db.query<{ llcs: number; properties: number; entries: number; months: number; kinds: number; audited: number }>(
      `SELECT (SELECT count(*)::int FROM llc) AS llcs, (SELECT count(*)::int FROM property) AS properties,
              (SELECT count(*)::int FROM ledger_entry) AS entries,
              (SELECT count(DISTINCT for_month)::int FROM ledger_entry WHERE kind = 'property_income') AS months,
              (SELECT count(DISTINCT kind)::int FROM ledger_entry) AS kinds,
              (SELECT count(*)::int FROM audit_event WHERE entity = 'ledger_entry') AS audited`,
    );
    expect(r!.llcs).toBe(2);
    expect(r!.properties).toBe(6);
    expect(r!.months).toBeGreaterThanOrEqual(35);
    expect(r!.entries).toBeGreaterThan(400);
    expect(r!.kinds).toBe(10); // every kind of money movement
    expect(r!.audited).toBe(r!.entries);
    const [future] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entry WHERE date > $1`, [t.clock.now().toISOString().slice(0, 10)]);
    expect(future!.n).toBe(0);
    expect(await verifyAuditChain(t.testDb.db)).toBeNull();
    // Its history is loaded quietly: no e-mail to a demo investor for each withdrawal of three years.
    const [told] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notice_outbox');
    expect(told!.n).toBe(0);
  });

  it('prints the demo logins, and every demo investor can sign in', async () => {
    for (const i of DEMO_INVESTORS) {
      expect(printed.join('\n')).toContain(i.username);
      const token = await signIn(t.app, i.username, DEMO_PASSWORD);
      const who = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(token) });
      expect(who.json()).toEqual({ logged_in_as: i.username });
    }
  });

  it("signs in its delegate, entity holder and staff, each reading what their role gives", async () => {
    const get = async (username: string, url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(await signIn(t.app, username, DEMO_PASSWORD)) });
      return { status: res.statusCode, body: res.json() };
    };
    const { delegate, entity, staff } = DEMO_ACCESS;
    expect(printed.join('\n')).toContain(delegate.username);
    const ben = await get(delegate.username, `/api/investor_summary?investor_name=${encodeURIComponent(delegate.of)}`);
    expect(ben.status).toBe(200);
    expect(ben.body.investor_name).toBe(delegate.of);
    expect((await get(delegate.username, '/api/investor_summary?investor_name=Alice%20Morgan')).status).toBe(404);
    const mine = await get(entity.of, '/api/my_investors');
    expect(mine.body.investors.map((i: { investor_name: string }) => i.investor_name)).toEqual(['Alice Morgan', entity.name]);
    const [bookkeeper, auditor] = staff;
    expect((await get(bookkeeper.username, '/admin/get_admin_level')).body.role).toBe('bookkeeper');
    const taxes = (llc: string) => get(auditor.username, `/admin/llc_taxes?selectedLLC=${encodeURIComponent(llc)}&selectedTaxYear=2024`);
    expect((await taxes('Maple Holdings LLC')).status).toBe(200);
    expect((await taxes('Cedar Land Partners LLC')).status).toBe(404);
  });

  it('shows filled tax reports for both LLCs in at least two years, and its own pictures', async () => {
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json();
    const year = t.clock.now().getUTCFullYear();
    for (const llc of ['Maple Holdings LLC', 'Cedar Land Partners LLC']) {
      for (const y of [year - 1, year - 2]) {
        const report = await get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(llc)}&selectedTaxYear=${y}`);
        expect(report.total_income, `${llc} ${y}`).not.toBe(0);
        expect(Object.keys(report.llc_expenses).length, `${llc} ${y}`).toBeGreaterThan(0);
        expect(Object.keys({ ...report.rental_income_by_member, ...report.dividend_income_by_member }).length).toBeGreaterThan(0);
      }
    }
    const pictures = await t.testDb.db.query<{ url: string }>('SELECT picture_url AS url FROM property');
    for (const { url } of pictures) {
      expect(url).toMatch(/^\/pictures\//);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
  });

  it('has what surrounds the books to look at: ACH details, an open capital call split by capital, a draft distribution run', async () => {
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json();
    expect((await get('/admin/ach_settings')).company_name).toBe('MAPLE HOLDINGS');
    const { calls } = await get('/admin/capital_calls');
    expect(calls).toHaveLength(1);
    const call = await get(`/admin/capital_call?id=${calls[0].id}`);
    // Alice and Ben hold Oak Street Duplex 120,000 : 80,000: the 6,000.00 call is 3,600.00 and 2,400.00.
    expect(call.lines.map((l: { investor_name: string; amount: number }) => [l.investor_name, l.amount])).toEqual([['Alice Morgan', 3600], ['Ben Carter', 2400]]);
    const { runs } = await get('/admin/distribution_runs');
    expect(runs.map((r: { status: string }) => r.status)).toEqual(['draft']);
    const run = await get(`/admin/distribution_run?id=${runs[0].id}`);
    for (const line of run.lines) expect(line.amount * 2).toBeLessThanOrEqual(line.cash_available);
    expect(run.total).toBeGreaterThan(0);
  });

  it('gives a year of statements for every demo investor as one zip of PDFs', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4)) - 1;
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `/admin/statements?from=${year}-01-01&to=${year}-12-31`, headers: bearer(await signIn(t.app, ADMIN.username, ADMIN.password)) });
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(files.size).toBe(DEMO_INVESTORS.length + 1); // and Alice's IRA
    for (const [name, pdf] of files) {
      expect(name).toMatch(new RegExp(`^Statement .+ ${year}-01-01 to ${year}-12-31\\.pdf$`));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    console.log(`The demo's ${files.size} statements of ${year}: ${seconds.toFixed(1)} s`);
  });

  it('loads nothing twice', async () => {
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    const runtime = { db: t.testDb.db, services: t.services, jwtSecret: '', close: async () => {} };
    const lines: string[] = [];
    await loadDemoData(runtime, (l) => lines.push(l), t.clock.now().toISOString().slice(0, 10));
    expect(lines[0]).toBe('Demo data is already loaded.');
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    expect(after!.n).toBe(before!.n);
  });
});
