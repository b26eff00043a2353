import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { FAST_SENDING as FAST, startMailServer } from '../support/mail-server.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * An investor's delegates (issue 29 item 3, docs/decisions.md 42): invited by the investor or an admin for
 * them, registered with the one-time secret, reading the investor's page as allowed (figures, documents),
 * refused everything the investor alone may do, and stopped at once by a revoke.
 */

const PASSWORD = 'amber canyon whistle 77';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(DB_KINDS)('delegates on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let maple: MapleBooks;
  let t: TestApp;

  beforeAll(async () => {
    template = await mapleBooksTemplate(kind, { logins: true });
    maple = template.state;
  }, 120_000);
  afterEach(async () => {
    await t?.close();
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function invite(token: string, body: object): Promise<{ id: number; registration_secret: string | null; emailed: boolean }> {
    const res = await post('/api/invite_delegate', token, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Delegate invited');
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json();
  }

  /** Registers a delegate's login with the secret, through the same call an investor registers with. */
  async function register(username: string, secret: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password: PASSWORD, secret } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { access_token: string }).access_token;
  }

  async function uploadFor(investorName: string): Promise<number> {
    const fd = new FormData();
    fd.append('title', `For ${investorName}`);
    fd.append('kind', 'statement');
    fd.append('investor_name', investorName);
    fd.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'statement.pdf');
    const body = new Response(fd);
    const res = await t.app.inject({
      method: 'POST', url: '/admin/upload_document', headers: { ...bearer(maple.admin), 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it('lets an investor invite a delegate who registers, reads their page and nothing more; a revoke stops it at once', async () => {
    t = await template.start();
    const a = maple.investors.A!;
    const invited = await invite(a, { name: 'Dana Advisor', can_see_figures: true, can_see_documents: true });
    expect(invited).toMatchObject({ registration_secret: expect.stringMatching(/^[\w-]{22}$/), emailed: false });
    // Only the secret's hash is kept, on a row of the delegate's role naming the invitation, never the investor.
    const [secretRow] = await t.testDb.db.query<{ role: string; investor_id: number | null; access_id: number; secret_hash: string }>(
      'SELECT role, investor_id, access_id, secret_hash FROM registration_secret WHERE access_id = $1', [invited.id]);
    expect(secretRow).toMatchObject({ role: 'delegate', investor_id: null, access_id: invited.id });
    expect(secretRow!.secret_hash).not.toContain(invited.registration_secret);

    let list = (await get('/api/delegates', a)).json();
    expect(list).toEqual({
      investor_name: 'A',
      delegates: [{
        id: invited.id, name: 'Dana Advisor', username: null, status: 'invited', can_see_figures: true, can_see_documents: true,
        invited_at: '2026-01-15T12:00:00.000Z', revoked_at: null,
      }],
    });

    const dana = await register('dana', invited.registration_secret!);
    list = (await get('/api/delegates', a)).json();
    expect(list.delegates[0]).toMatchObject({ username: 'dana', status: 'active' });
    const [login] = await t.testDb.db.query<{ role: string; investor_id: number | null }>("SELECT role, investor_id FROM portal_user WHERE username = 'dana'");
    expect(login).toEqual({ role: 'delegate', investor_id: null });

    // She reads A's summary, the same answer A reads, and her switcher names whose page it is.
    const own = await get('/api/investor_summary?as_of=2024-12-31', a);
    const hers = await get('/api/investor_summary?as_of=2024-12-31', dana);
    expect(hers.statusCode, hers.body).toBe(200);
    expect(hers.json()).toEqual(own.json());
    expect((await get('/api/investor_summary?investor_name=A&as_of=2024-12-31', dana)).json()).toEqual(own.json());
    expect((await get('/api/my_investors', dana)).json()).toEqual({
      investors: [{ investor_name: 'A', relation: 'delegate', can_see_figures: true, can_see_documents: true }],
    });

    // The rest of A's page reads through the same grant.
    for (const url of [
      '/api/investor_property?property_name=P&as_of=2024-12-31', '/api/explain?figure=total_income&as_of=2024-12-31',
      '/api/updates', '/api/published_statements', '/api/capital_calls', '/api/documents',
      '/api/investor_statement?from=2024-01-01&to=2024-12-31',
    ]) {
      const res = await get(url, dana);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const docId = await uploadFor('A');
    const file = await get(`/api/document?id=${docId}`, dana);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const downloads = (await get(`/admin/document_downloads?id=${docId}`, maple.admin)).json();
    expect(downloads.downloads).toEqual([expect.objectContaining({ username: 'dana', investor_name: 'A' })]);

    // What only the investor may do, and what is someone else's.
    expect((await get('/api/bank_account', dana)).statusCode).toBe(403);
    expect((await post('/api/give_k1_consent', dana, { disclosure_version: 1 })).statusCode).toBe(403);
    expect((await post('/api/invite_delegate', dana, { name: 'Someone Else' })).statusCode).toBe(403);
    expect((await get('/api/delegates', dana)).statusCode).toBe(403);
    expect((await get('/api/investor_combined', dana)).statusCode).toBe(403);
    const other = await get('/api/investor_summary?investor_name=B', dana);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Investor not found.');
    expect((await get(`/api/document?id=${await uploadFor('B')}`, dana)).statusCode).toBe(404);

    // A revokes: the same token reads nothing from the next request on.
    const revoked = await post('/api/revoke_delegate', a, { id: invited.id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe('Delegate access ended');
    expect((await get('/api/investor_summary', dana)).statusCode).toBe(404);
    expect((await get(`/api/document?id=${docId}`, dana)).statusCode).toBe(404);
    expect((await get('/api/my_investors', dana)).json()).toEqual({ investors: [] });
    list = (await get('/api/delegates', a)).json();
    expect(list.delegates[0]).toMatchObject({ status: 'revoked', revoked_at: '2026-01-15T12:00:00.000Z' });
    const again = await post('/api/revoke_delegate', a, { id: invited.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The access of Dana Advisor has already ended.');

    // Every change is audited in words.
    const log = (await get('/admin/audit_log?entity=investor_access', maple.admin)).json() as { events: { summary: string }[] };
    expect(log.events.map((e) => e.summary)).toEqual([
      'investor.a ended the access of Dana Advisor to the page of A',
      'investor.a invited Dana Advisor to read the figures and documents of A',
    ]);
  });

  it('gives a figures-only delegate no documents, and a documents-only delegate no figures', async () => {
    t = await template.start();
    const a = maple.investors.A!;
    const docId = await uploadFor('A');
    const figures = await register('fig', (await invite(a, { name: 'Fig Only', can_see_documents: false })).registration_secret!);
    const docs = await register('doc', (await invite(a, { name: 'Doc Only', can_see_figures: false })).registration_secret!);

    expect((await get('/api/investor_summary', figures)).statusCode).toBe(200);
    for (const url of ['/api/documents', `/api/document?id=${docId}`]) {
      const res = await get(url, figures);
      expect(res.statusCode, url).toBe(404);
    }
    const summary = await get('/api/investor_summary?investor_name=A', docs);
    expect(summary.statusCode).toBe(404);
    expect(summary.json().message).toBe('Investor not found.');
    expect((await get('/api/documents', docs)).json().investor_name).toBe('A');
    expect((await get(`/api/document?id=${docId}`, docs)).statusCode).toBe(200);
    expect((await get('/api/my_investors', docs)).json().investors).toEqual([
      { investor_name: 'A', relation: 'delegate', can_see_figures: false, can_see_documents: true },
    ]);
  });

  it('cancels an unused invitation: its secret no longer registers', async () => {
    t = await template.start();
    const a = maple.investors.A!;
    const invited = await invite(a, { name: 'Never Came' });
    expect((await post('/api/revoke_delegate', a, { id: invited.id })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'never', password: PASSWORD, secret: invited.registration_secret } });
    expect(res.statusCode).toBe(400);
    expect((await get('/api/delegates', a)).json().delegates[0]).toMatchObject({ status: 'revoked', username: null });
  });

  it("lets an admin invite and revoke for an investor, and keeps each investor's delegates their own", async () => {
    t = await template.start();
    const admin = maple.admin;
    const missingName = await post('/api/invite_delegate', admin, { name: 'Ella Family Office' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().message).toBe('Investor name is required: name the investor whose delegates these are.');
    expect((await get('/api/delegates', admin)).statusCode).toBe(400);
    const unknown = await post('/api/invite_delegate', admin, { investor_name: 'Nobody', name: 'Ella Family Office' });
    expect(unknown.statusCode).toBe(404);

    const forB = await invite(admin, { investor_name: 'b', name: 'Ella Family Office', can_see_documents: false });
    const ella = await register('ella', forB.registration_secret!);
    expect((await get('/api/investor_summary', ella)).json().investor_name).toBe('B');
    expect((await get('/api/delegates?investor_name=B', admin)).json().delegates).toEqual([
      expect.objectContaining({ id: forB.id, name: 'Ella Family Office', username: 'ella', status: 'active', can_see_documents: false }),
    ]);

    // A sees only A's delegates, and cannot name B's page or revoke B's delegate.
    const a = maple.investors.A!;
    expect((await get('/api/delegates', a)).json()).toEqual({ investor_name: 'A', delegates: [] });
    expect((await get('/api/delegates?investor_name=B', a)).statusCode).toBe(404);
    expect((await post('/api/invite_delegate', a, { investor_name: 'B', name: 'Sneaky' })).statusCode).toBe(404);
    const notHers = await post('/api/revoke_delegate', a, { id: forB.id });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().message).toBe('Delegate not found.');
    expect((await post('/api/revoke_delegate', a, { id: 999_999 })).statusCode).toBe(404);

    expect((await post('/api/revoke_delegate', admin, { id: forB.id, investor_name: 'B' })).statusCode).toBe(200);
    expect((await get('/api/investor_summary', ella)).statusCode).toBe(404);
    const log = (await get('/admin/audit_log?entity=investor_access', admin)).json() as { events: { summary: string }[] };
    expect(log.events.map((e) => e.summary)).toEqual([
      'admin ended the access of Ella Family Office to the page of B',
      'admin invited Ella Family Office to read the figures of B',
    ]);
  });

  it('refuses bad invitations in plain words and writes nothing', async () => {
    t = await template.start();
    const a = maple.investors.A!;
    const cases: [object, string][] = [
      [{}, 'Name is required.'],
      [{ name: 'Nobody Sees', can_see_figures: false, can_see_documents: false }, 'A delegate must be allowed to see figures, documents or both.'],
      [{ name: 'Bad Mail', email: 'not-an-address' }, 'Email must be an e-mail address.'],
      [{ name: 'Extra', role: 'admin' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/invite_delegate', a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await post('/api/revoke_delegate', a, { id: 'one' })).statusCode).toBe(400);
    const [n] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM investor_access');
    expect(n!.n).toBe(0);
  });

  describe('by e-mail', () => {
    let smtp: Awaited<ReturnType<typeof startMailServer>>;
    beforeAll(async () => {
      smtp = await startMailServer();
    });
    afterAll(() => smtp?.close());

    it('sends the invitation with the secret when mail is on, and answers no secret', async () => {
      t = await template.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Maple Investors <portal@example.test>', PORTAL_URL: 'https://portal.example.test/', PORTAL_NAME: 'Maple Investors' });
      t.services.noticeSender.start({ timing: FAST });
      const a = maple.investors.A!;
      const invited = await invite(a, { name: 'Gus Spouse', email: 'gus@example.test', can_see_documents: false });
      expect(invited).toMatchObject({ registration_secret: null, emailed: true });

      await smtp.until(() => smtp.arrived.some((m) => m.to === 'gus@example.test'));
      const mail = smtp.arrived.find((m) => m.to === 'gus@example.test')!.mail;
      expect(mail.subject).toBe("Maple Investors: an invitation to read A's investor page");
      const text = mail.text ?? '';
      expect(text).toContain('A invited you to read the investor page of A in Maple Investors: you will see the figures (not the documents).');
      expect(text).toContain('https://portal.example.test/register');
      expect(mail.html).toContain('Your one-time registration secret:');
      const secret = /registration secret: ([\w-]{22})/.exec(text)?.[1];
      expect(secret).toBeDefined();

      // The secret from the e-mail registers the delegate.
      const gus = await register('gus', secret!);
      expect((await get('/api/investor_summary', gus)).json().investor_name).toBe('A');

      // Without an address the secret is answered even with mail on; an invitation is nobody's notice setting.
      expect(await invite(a, { name: 'No Address' })).toMatchObject({ registration_secret: expect.any(String), emailed: false });
      const settings = (await get('/api/notice_settings', a)).json() as { settings: { event: string }[] };
      expect(settings.settings.map((s) => s.event)).not.toContain('delegate_invited');
    });

    it('answers the secret when mail is off, even with an address, and queues nothing', async () => {
      t = await template.start();
      const invited = await invite(maple.investors.A!, { name: 'Hal Accountant', email: 'hal@example.test' });
      expect(invited).toMatchObject({ registration_secret: expect.any(String), emailed: false });
      const [n] = await t.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notice_outbox WHERE event = 'delegate_invited'");
      expect(n!.n).toBe(0);
    });
  });
});
