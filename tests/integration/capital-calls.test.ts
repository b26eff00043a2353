import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { ADMIN, addInvestor, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { pdfText } from '../support/read-pdf.js';
import { DB_KINDS } from '../support/test-db.js';

const COUNTED = ['capital_call', 'capital_call_line', 'capital_call_receipt', 'ledger_entry', 'notice_outbox', 'audit_event'];
const PASSWORD = 'amber canyon whistle 77';

type Call = { id: number; property_name: string; purpose: string; instructions: string; due_date: string; amount: number; received: number; outstanding: number; status: string };

/**
 * Capital calls through the API: a property with three investors of unequal capital (A 33,333.33,
 * B 22,222.22, C 11,111.11; the clock stands at 2026-01-15), and D, an investor elsewhere.
 */
describe.each(DB_KINDS)('capital calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const token: Record<string, string> = {};

  const post = (url: string, body: unknown, as = admin) => t.app.inject({ method: 'POST', url, headers: bearer(as), payload: body as object });
  const get = (url: string, as = admin) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const issue = (body: Record<string, unknown>) =>
    post('/admin/issue_capital_call', { property_name: 'Oak', due_date: '2026-02-15', purpose: 'New roof', instructions: 'Wire to account 123, reference ROOF.', ...body });
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };
  const callsOf = async (name: string) => {
    const res = await get('/api/capital_calls', token[name]!);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().calls as Call[];
  };
  const capitalOf = async (name: string) =>
    (await get(`/admin/get_max_investment_withdrawal?investor_name=${name}&property_name=Oak`)).json().max_investment_withdrawal as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const seed = seedAs(t, admin);
    await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Oak LLC' });
    for (const name of ['Oak', 'Elm']) {
      await seed('/admin/add_investment_property', {
        property_name: name, address: `1 ${name} Street`, purchase_date: '2025-01-01', purchase_price: '100000', land_value: '0',
        property_value: '100000', llc: 'Oak LLC', property_type: 'rental',
      });
    }
    for (const name of ['A', 'B', 'C', 'D']) {
      const { secret } = await addInvestor(t, { name, email: `${name.toLowerCase()}@example.com`, phone: '', address: '', fee_percentage: '0' });
      const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: `investor.${name.toLowerCase()}`, password: PASSWORD, secret } });
      expect(reg.statusCode, reg.body).toBe(201);
      token[name] = await signIn(t.app, `investor.${name.toLowerCase()}`, PASSWORD);
    }
    await seed('/admin/add_investment', { property_name: 'Oak', investor_name: 'A', date: '2025-03-01', amount: '33333.33' });
    await seed('/admin/add_investment', { property_name: 'Oak', investor_name: 'B', date: '2025-04-01', amount: '22222.22' });
    await seed('/admin/add_investment', { property_name: 'Oak', investor_name: 'C', date: '2025-05-01', amount: '11111.11' });
    await seed('/admin/add_investment', { property_name: 'Elm', investor_name: 'D', date: '2025-05-01', amount: '5000' });
  }, 120_000);
  afterAll(() => t?.close());

  let roofCall: number;
  let surveyCall: number; // due 2026-01-20: A paid in full, C owes 100.00

  it('splits a call of 10,000.00 by capital to the cent, shows it on each investor\'s page and tells each of them', async () => {
    const res = await issue({ amount: '10000.00' });
    expect(res.statusCode, res.body).toBe(201);
    roofCall = res.json().id;
    // By hand: total capital 6,666,666 cents. A: 1,000,000 × 3,333,333 / 6,666,666 = 500,000 exactly; B: 333,333.33…
    // → 333,333 (fraction .33); C: 166,666.66… → 166,666 (fraction .67). One cent is left: it goes to C, the larger fraction.
    expect(res.json().lines).toEqual([
      { investor_name: 'A', amount: 5000 },
      { investor_name: 'B', amount: 3333.33 },
      { investor_name: 'C', amount: 1666.67 },
    ]);
    const [b] = await callsOf('B');
    expect(b).toMatchObject({ id: roofCall, property_name: 'Oak', purpose: 'New roof', instructions: 'Wire to account 123, reference ROOF.',
      due_date: '2026-02-15', amount: 3333.33, received: 0, outstanding: 3333.33, status: 'open' });
    expect((await callsOf('C'))[0]!.amount).toBe(1666.67);
    expect(await callsOf('D')).toEqual([]);

    const notices = await t.testDb.db.query<{ name: string; subject: string; text: string; html: string }>(
      `SELECT i.name, o.subject, o.body_text AS text, o.body_html AS html FROM notice_outbox o JOIN investor i ON i.id = o.investor_id
        WHERE o.event = 'capital_call_issued' AND o.dedupe_key LIKE $1 ORDER BY i.name`, [`%:capital_call:${roofCall}`]);
    expect(notices.map((n) => n.name)).toEqual(['A', 'B', 'C']);
    for (const n of notices) expect(`${n.subject}\n${n.text}\n${n.html}`).not.toMatch(/\d[\d,]*\.\d\d|5000|3333|1666|123/);
    const audit = await t.testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_event WHERE action = 'issue_capital_call' AND entity_id = $1", [String(roofCall)]);
    expect(audit[0]!.n).toBe(1);
  });

  it('records two partial receipts as investments, leaving the right amount outstanding; the capital grows', async () => {
    expect(await capitalOf('B')).toBe(22222.22);
    const pay = (amount: string, date: string) => post('/admin/record_call_receipt', { call_id: roofCall, investor_name: 'B', amount, date });
    const first = await pay('1000.00', '2026-01-10');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().outstanding).toBe(2333.33);
    const second = await pay('2000', '2026-01-14');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().outstanding).toBe(333.33);
    expect((await callsOf('B'))[0]).toMatchObject({ received: 3000, outstanding: 333.33, status: 'open' });
    expect(await capitalOf('B')).toBe(25222.22);
    const entries = await t.testDb.db.query<{ kind: string; amount_cents: number; description: string }>(
      'SELECT kind, amount_cents, description FROM ledger_entry WHERE id = ANY($1::bigint[]) ORDER BY id', [[first.json().id, second.json().id]]);
    expect(entries).toEqual([
      { kind: 'investment', amount_cents: 100000, description: 'Capital call: New roof' },
      { kind: 'investment', amount_cents: 200000, description: 'Capital call: New roof' },
    ]);
    // More than the 333.33 still owed is refused, writing nothing.
    const before = await counts();
    const over = await pay('333.34', '2026-01-15');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('333.33');
    expect(await counts()).toEqual(before);

    const detail = (await get(`/admin/capital_call?id=${roofCall}`)).json();
    expect(detail).toMatchObject({ asked: 10000, received: 3000, outstanding: 7000, status: 'open', late: [] });
    expect(detail.lines.find((l: { investor_name: string }) => l.investor_name === 'B'))
      .toMatchObject({ capital: 22222.22, amount: 3333.33, received: 3000, outstanding: 333.33, receipts: [{ date: '2026-01-10', amount: 1000 }, { date: '2026-01-14', amount: 2000 }] });
  });

  it('no longer counts a voided receipt as received', async () => {
    const pay = await post('/admin/record_call_receipt', { call_id: roofCall, investor_name: 'C', amount: '1666.67', date: '2026-01-15' });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((await callsOf('C'))[0]).toMatchObject({ outstanding: 0, status: 'paid' });
    const deleted = await post('/admin/delete_investment', { id: pay.json().id, amount: '1666.67', date: '2026-01-15', reason: 'bounced' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await callsOf('C'))[0]).toMatchObject({ received: 0, outstanding: 1666.67, status: 'open' });
  });

  it('refuses each bad call or receipt in plain words, writing nothing', async () => {
    const before = await counts();
    const refusals: [string, Record<string, unknown>, number, RegExp][] = [
      ['/admin/issue_capital_call', { property_name: 'Nowhere', amount: '100', due_date: '2026-02-01', purpose: 'x', instructions: 'y' }, 400, /Nowhere/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '0', due_date: '2026-02-01', purpose: 'x', instructions: 'y' }, 400, /Amount/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '-5', due_date: '2026-02-01', purpose: 'x', instructions: 'y' }, 400, /Amount/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '10.001', due_date: '2026-02-01', purpose: 'x', instructions: 'y' }, 400, /Amount/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '100', due_date: '2026-01-14', purpose: 'x', instructions: 'y' }, 400, /before today/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '100', due_date: '2026-02-01', purpose: 'x', instructions: 'y',
        lines: [{ investor_name: 'A', amount: '50' }, { investor_name: 'D', amount: '50' }] }, 400, /D is not an investor of Oak/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '100', due_date: '2026-02-01', purpose: 'x', instructions: 'y',
        lines: [{ investor_name: 'A', amount: '50' }, { investor_name: 'B', amount: '49.99' }] }, 400, /add up to \$99\.99/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '100', due_date: '2026-02-01', purpose: 'x', instructions: 'y',
        lines: [{ investor_name: 'Nobody', amount: '100' }] }, 400, /Nobody/],
      ['/admin/issue_capital_call', { property_name: 'Pine', amount: '100', due_date: '2026-02-01', purpose: 'x', instructions: 'y' }, 400, /no investors/],
      ['/admin/issue_capital_call', { property_name: 'Oak', amount: '100', due_date: '2026-02-01', purpose: '', instructions: 'y' }, 400, /[Pp]urpose/],
      ['/admin/record_call_receipt', { call_id: roofCall, investor_name: 'D', amount: '10', date: '2026-01-15' }, 400, /D is not asked/],
      ['/admin/record_call_receipt', { call_id: 999_999, investor_name: 'A', amount: '10', date: '2026-01-15' }, 404, /not found/],
      ['/admin/record_call_receipt', { call_id: roofCall, investor_name: 'A', amount: '5000.01', date: '2026-01-15' }, 409, /5,000\.00/],
    ];
    // Pine: a property nobody has put capital into.
    await seedAs(t, admin)('/admin/add_investment_property', {
      property_name: 'Pine', address: '1 Pine Street', purchase_date: '2025-01-01', purchase_price: '1000', land_value: '0',
      property_value: '1000', llc: 'Oak LLC', property_type: 'other',
    });
    const withPine = await counts();
    for (const [url, body, status, words] of refusals) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(words);
    }
    expect(await counts()).toEqual(withPine);
    expect(withPine.audit_event).toBe(before.audit_event! + 1);
    expect((await issue({ amount: '100' })).statusCode).toBe(201); // a well-formed call on Oak is accepted
  });

  it("answers another investor's calls as not found, lets an admin read anyone's, and keeps investors out of the admin calls", async () => {
    expect((await get('/api/capital_calls?investor_name=A', token.D!)).statusCode).toBe(404);
    const asAdmin = await get('/api/capital_calls?investor_name=A');
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json().calls as Call[]).some((c) => c.id === roofCall)).toBe(true);
    expect((await post('/admin/issue_capital_call', {}, token.A!)).statusCode).toBe(403);
    expect((await get('/admin/capital_calls', token.A!)).statusCode).toBe(403);
  });

  it('takes amounts typed per investor, reminds only those who owe, and cancels only a call with nothing received', async () => {
    const typed = await issue({ amount: '300', due_date: '2026-01-20', purpose: 'Survey', lines: [{ investor_name: 'A', amount: '200' }, { investor_name: 'C', amount: '100' }] });
    expect(typed.statusCode, typed.body).toBe(201);
    const id = typed.json().id as number;
    expect(typed.json().lines).toEqual([{ investor_name: 'A', amount: 200 }, { investor_name: 'C', amount: 100 }]);
    expect((await callsOf('B')).some((c) => c.id === id)).toBe(false);
    expect((await post('/admin/record_call_receipt', { call_id: id, investor_name: 'A', amount: '200', date: '2026-01-15' })).statusCode).toBe(201);

    const remind = await post('/admin/remind_capital_call', { id });
    expect(remind.statusCode, remind.body).toBe(200);
    expect(remind.json().reminded).toBe(1);
    const reminded = await t.testDb.db.query<{ name: string }>(
      "SELECT i.name FROM notice_outbox o JOIN investor i ON i.id = o.investor_id WHERE o.event = 'capital_call_reminder' ORDER BY i.name");
    expect(reminded.map((r) => r.name)).toEqual(['C']);

    surveyCall = id;
    expect((await callsOf('C')).find((c) => c.id === id)!.status).toBe('open');

    expect((await post('/admin/cancel_capital_call', { id, reason: 'Wrong amounts' })).statusCode).toBe(409);
    const fresh = (await issue({ amount: '50', purpose: 'Mistake' })).json().id as number;
    const cancel = await post('/admin/cancel_capital_call', { id: fresh, reason: 'Sent by mistake' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await callsOf('A')).some((c) => c.id === fresh)).toBe(false);
    expect((await post('/admin/record_call_receipt', { call_id: fresh, investor_name: 'A', amount: '1', date: '2026-01-15' })).statusCode).toBe(409);
    expect((await post('/admin/cancel_capital_call', { id: fresh, reason: 'again' })).statusCode).toBe(409);
  });

  it('previews the split the issue form shows, writing nothing', async () => {
    const before = await counts();
    const res = await get('/admin/preview_capital_call?property_name=Oak&amount=10000');
    expect(res.statusCode, res.body).toBe(200);
    // B's capital is 3,000.00 higher now: the preview weighs today's capital.
    expect(res.json().lines.map((l: { investor_name: string; capital: number }) => [l.investor_name, l.capital]))
      .toEqual([['A', 33533.33], ['B', 25222.22], ['C', 11111.11]]);
    expect(res.json().lines.reduce((s: number, l: { amount: number }) => s + Math.round(l.amount * 100), 0)).toBe(1_000_000);
    expect(await counts()).toEqual(before);
  });

  it("lists the period's calls in the investor's statement", async () => {
    const res = await get('/api/investor_statement?investor_name=B&from=2026-01-01&to=2026-01-15');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Capital calls');
    expect(text).toContain('New roof');
  });

  it('lists who is late once the due date has passed (the last test: the clock moves on)', async () => {
    t.clock.set(new Date('2026-01-21T12:00:00Z'));
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    for (const name of ['A', 'C']) token[name] = await signIn(t.app, `investor.${name.toLowerCase()}`, PASSWORD);
    const list = (await get('/admin/capital_calls')).json().calls as { id: number; status: string; late: string[]; asked: number; outstanding: number }[];
    expect(list.find((c) => c.id === surveyCall)).toMatchObject({ status: 'late', late: ['C'], asked: 300, outstanding: 100 });
    expect(list.find((c) => c.id === roofCall)).toMatchObject({ status: 'open', late: [] });
    expect((await callsOf('C')).find((c) => c.id === surveyCall)!.status).toBe('late');
    expect((await callsOf('A')).find((c) => c.id === surveyCall)!.status).toBe('paid');
  });
});
