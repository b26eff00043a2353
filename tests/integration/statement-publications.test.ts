import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer } from '../support/mail-server.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { unzip } from '../support/read-zip.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** The test app's clock stands at 2026-01-15 (tests/support/test-app.ts): the day that has not ended. */
const TODAY = '2026-01-15';
const Q1_2024 = { from: '2024-01-01', to: '2024-03-31' };
const YEAR_2020 = { from: '2020-01-01', to: '2020-12-31' };
const COUNTED = ['statement_publication', 'statement_publication_investor', 'notice_outbox', 'audit_event'];
const PORTAL_URL = 'https://portal.example.test/';

type Published = { id: number; from: string; to: string; published_at: string };

/**
 * Publishing a statement period: the investors told are exactly those GET /admin/statements gives a PDF,
 * each lists the period (and no one else's), and every refusal writes nothing.
 */
describe.each(DB_KINDS)('statement publications on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let maple: MapleBooks;
  let t: TestApp;

  const get = (url: string, token = maple.admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const publish = (body: object, token = maple.admin) => t.app.inject({ method: 'POST', url: '/admin/publish_statements', headers: bearer(token), payload: body });
  const publishedFor = async (token: string, investorName?: string) => {
    const res = await get(`/api/published_statements${investorName ? `?investor_name=${investorName}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { investor_name: string; statements: Published[] };
  };
  const told = async () =>
    (await t.testDb.db.query<{ investor: string; ref: string }>(
      `SELECT i.name AS investor, o.dedupe_key AS ref FROM notice_outbox o JOIN investor i ON i.id = o.investor_id
        WHERE o.event = 'statement_published' ORDER BY i.name, o.id`,
    ));
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };
  /** The investors the zip of every statement of a period holds a PDF for. */
  const zipInvestors = async ({ from, to }: { from: string; to: string }) => {
    const res = await get(`/admin/statements?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const names = [...(await unzip(res.rawPayload)).keys()];
    return names.map((n) => n.replace(/^Statement (.+) \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.pdf$/, '$1')).sort();
  };

  beforeAll(async () => {
    template = await mapleBooksTemplate(kind, { logins: true });
    maple = template.state;
    t = await template.start();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('publishes a period once: a notice to exactly the investors with a statement of it, listed on their pages only', async () => {
    // B's first money is of April 2024: no statement of the first quarter, so no notice either.
    expect(await zipInvestors(Q1_2024)).toEqual(['A', 'C']);
    const res = await publish(Q1_2024);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { id: number; investors: number; message: string };
    expect(answer).toEqual({ id: expect.any(Number), investors: 2, message: 'Statements published for 2 investors. Each with an e-mail address and these notices on is told.' });
    expect(await told()).toEqual([
      { investor: 'A', ref: expect.stringMatching(/^statement_published:u\d+:statements:2024-01-01:2024-03-31$/) },
      { investor: 'C', ref: expect.stringMatching(/^statement_published:u\d+:statements:2024-01-01:2024-03-31$/) },
    ]);
    const outbox = (await get('/admin/outbox?page_size=200')).json() as { notices: { event: string; address: string; text: string }[] };
    const notices = outbox.notices.filter((n) => n.event === 'statement_published');
    expect(notices.map((n) => n.address).sort()).toEqual(['a@example.com', 'c@example.com']);
    const [audit] = await t.testDb.db.query<{ after: { from: string; to: string; investors: string[] } }>(
      `SELECT after FROM audit_event WHERE action = 'publish_statements' AND entity_id = $1`, [String(answer.id)],
    );
    expect(audit?.after).toEqual({ from: '2024-01-01', to: '2024-03-31', investors: ['A', 'C'] });

    const list = (await get('/admin/statement_publications')).json() as { publications: unknown[] };
    expect(list.publications).toEqual([
      { id: answer.id, from: '2024-01-01', to: '2024-03-31', published_at: expect.stringMatching(/^2026-01-15T/), published_by: 'admin', investors: 2 },
    ]);

    const mine = await publishedFor(maple.investors.A!);
    expect(mine).toEqual({ investor_name: 'A', statements: [{ id: answer.id, from: '2024-01-01', to: '2024-03-31', published_at: expect.any(String) }] });
    // What the page lists downloads: the from and to are the statement's own.
    const { from, to } = mine.statements[0]!;
    const pdf = await get(`/api/investor_statement?from=${from}&to=${to}`, maple.investors.A!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await publishedFor(maple.investors.B!)).statements).toEqual([]);
    expect((await publishedFor(maple.admin, 'B')).statements).toEqual([]);
    expect((await publishedFor(maple.admin, 'C')).statements.map((s) => s.id)).toEqual([answer.id]);
    // An investor naming another is answered as a missing one.
    const other = await get('/api/published_statements?investor_name=B', maple.investors.A!);
    expect(other.statusCode).toBe(404);
  });

  it('refuses the same period twice, a period not over, bad dates and a non-admin, writing nothing', async () => {
    const before = await counts();
    const refusal = async (body: object, status: number, message: RegExp, token = maple.admin) => {
      const res = await publish(body, token);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(body)).toEqual({ status, body: { message: expect.stringMatching(message) } });
    };
    await refusal(Q1_2024, 409, /^The statements of 2024-01-01 to 2024-03-31 were already published/);
    await refusal({ from: '2025-10-01', to: TODAY }, 400, /^This period has not ended yet/);
    await refusal({ from: '2026-01-01', to: '2026-03-31' }, 400, /^To cannot be a date in the future\.$/);
    await refusal({ from: '2024-03-31', to: '2024-01-01' }, 400, /^From must be on or before To\.$/);
    await refusal({ from: '2024-02-30', to: '2024-03-31' }, 400, /^From must be a real date/);
    await refusal({ from: '2024-01-01' }, 400, /To/);
    await refusal({ ...Q1_2024, extra: 1 }, 400, /extra/);
    await refusal({ from: '2010-01-01', to: '2010-12-31' }, 400, /^No investor held capital or cash from 2010-01-01 to 2010-12-31/);
    const investor = await publish({ from: '2024-04-01', to: '2024-06-30' }, maple.investors.A!);
    expect(investor.statusCode).toBe(403);
    expect((await get('/admin/statement_publications', maple.investors.A!)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('lists every publication newest first, and each investor the periods that include them, latest first', async () => {
    expect(await zipInvestors(YEAR_2020)).toEqual(['C']);
    const res = await publish(YEAR_2020);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().investors).toBe(1);
    t.clock.advance(60_000);
    const h2 = await publish({ from: '2024-04-01', to: '2024-06-30' });
    expect(h2.statusCode, h2.body).toBe(201);
    expect(h2.json().investors).toBe(3);

    const list = (await get('/admin/statement_publications')).json() as { publications: { from: string; investors: number }[] };
    expect(list.publications.map((p) => [p.from, p.investors])).toEqual([['2024-04-01', 3], ['2020-01-01', 1], ['2024-01-01', 2]]);
    expect((await publishedFor(maple.investors.C!)).statements.map((s) => s.from)).toEqual(['2024-04-01', '2024-01-01', '2020-01-01']);
    expect((await publishedFor(maple.investors.A!)).statements.map((s) => s.from)).toEqual(['2024-04-01', '2024-01-01']);
    expect((await publishedFor(maple.investors.B!)).statements.map((s) => s.from)).toEqual(['2024-04-01']);
    expect((await told()).filter((n) => n.investor === 'C')).toHaveLength(3);
  });

  it('publishes a period asked for twice at once only once', async () => {
    const period = { from: '2023-01-01', to: '2023-12-31' };
    const answers = await Promise.all([publish(period), publish(period)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM statement_publication WHERE period_from = '2023-01-01'`);
    expect(rows[0]!.n).toBe(1);
    expect((await told()).filter((n) => n.ref.endsWith(':statements:2023-01-01:2023-12-31')).map((n) => n.investor)).toEqual(['C']);
  });

  it('e-mails each investor told a link to their page and no figures', async () => {
    const smtp = await startMailServer();
    const mailed = await template.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Maple Investors <portal@example.test>', PORTAL_URL, PORTAL_NAME: 'Maple Investors' });
    try {
      const res = await mailed.app.inject({ method: 'POST', url: '/admin/publish_statements', headers: bearer(maple.admin), payload: Q1_2024 });
      expect(res.statusCode, res.body).toBe(201);
      mailed.services.noticeSender.start({ timing: { pollMs: 50, claimMs: 1_000, baseDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 5, stopGraceMs: 200 } });
      // The books' own notices (their withdrawals) wait in the outbox too: only this event's are counted.
      const ours = () => smtp.arrived.filter((a) => a.mail.subject === 'Maple Investors: a new statement period');
      await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(2);
      expect(ours().map((a) => a.to).sort()).toEqual(['a@example.com', 'c@example.com']);
      for (const { mail } of ours()) {
        expect(mail.text).toContain(`See your statements: ${PORTAL_URL}investor`);
        expect(String(mail.html)).toContain(`href="${PORTAL_URL}investor"`);
        for (const part of [mail.text ?? '', String(mail.html)]) expect(part).not.toMatch(/\$|\d[\d,]*\.\d\d\b|\d{1,3},\d{3}/);
      }
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });
});
