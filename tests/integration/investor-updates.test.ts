import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { addInvestor, bearer, seedAs, signIn, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const COUNTED = ['investor_update', 'investor_update_recipient', 'investor_update_attachment', 'notice_outbox', 'audit_event'];

type Update = { id: number; title: string; body: string; attachments: { document_id: number; title: string }[] };

/** Investor updates: audiences, the e-mail to exactly the readers, bad input refused whole, withdrawals. */
describe.each(DB_KINDS)('investor updates on %s', (kind) => {
  let t: TestApp;
  let maple: MapleBooks;
  let outsider: string; // D: an investor in another LLC, with an e-mail address, not a Maple member

  const post = (body: unknown, token = maple.admin) => t.app.inject({ method: 'POST', url: '/admin/post_update', headers: bearer(token), payload: body as object });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const titlesFor = async (token: string) => ((await get('/api/updates', token)).json().updates as Update[]).map((u) => u.title);
  const noticed = async (id: number) =>
    (await t.testDb.db.query<{ investor: string; subject: string; text: string; html: string }>(
      `SELECT i.name AS investor, o.subject, o.body_text AS text, o.body_html AS html FROM notice_outbox o JOIN investor i ON i.id = o.investor_id
        WHERE o.event = 'investor_update' AND o.dedupe_key LIKE $1 ORDER BY i.name`,
      [`%:investor_update:${id}`],
    ));
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };
  const uploadPdf = async (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'letter.pdf');
    const res = new Response(fd);
    const reply = await t.app.inject({
      method: 'POST', url: '/admin/upload_document', headers: { ...bearer(maple.admin), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().id as number;
  };

  beforeAll(async () => {
    const template = await mapleBooksTemplate(kind, { logins: true });
    maple = template.state;
    t = await template.start();
    const seed = seedAs(t, maple.admin);
    await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Birch LLC' });
    await seed('/admin/add_investment_property', {
      property_name: 'R', address: '9 Elm Road', purchase_date: '2024-01-01', purchase_price: '1000', land_value: '0', property_value: '1000',
      llc: 'Birch LLC', property_type: 'other',
    });
    const { secret } = await addInvestor(t, { name: 'D', email: 'd@example.com', phone: '', address: '', fee_percentage: '0' });
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'investor.d', password: 'amber canyon whistle 77', secret } });
    expect(reg.statusCode, reg.body).toBe(201);
    outsider = await signIn(t.app, 'investor.d', 'amber canyon whistle 77');
    await seed('/admin/add_investment', { property_name: 'R', investor_name: 'D', date: '2024-02-01', amount: '1000' });
  }, 120_000);
  afterAll(() => t?.close());

  it("shows an LLC's update to its members and queues their e-mail, holding none of its words; others see nothing", async () => {
    const res = await post({ title: 'Roof news 4711', body: 'The **roof** is done.\n\n- one\n- two', llc_name: 'Maple Holdings LLC' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(await titlesFor(maple.investors.A!)).toContain('Roof news 4711');
    expect(await titlesFor(outsider)).not.toContain('Roof news 4711');
    const notices = await noticed(id);
    expect(notices.map((n) => n.investor)).toEqual(['A', 'B', 'C']);
    for (const n of notices) expect(`${n.subject}\n${n.text}\n${n.html}`).not.toMatch(/4711|roof/i);
    const audit = await t.testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_event WHERE action = 'post_update' AND entity_id = $1", [String(id)]);
    expect(audit[0]!.n).toBe(1);
  });

  it('shows a chosen investor their update and no one else, and every investor an update for everyone, newest first', async () => {
    const chosen = await post({ title: 'Just for D', body: 'Hello D', investor_names: ['D'] });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((await noticed(chosen.json().id)).map((n) => n.investor)).toEqual(['D']);
    expect(await titlesFor(outsider)).toContain('Just for D');
    expect(await titlesFor(maple.investors.B!)).not.toContain('Just for D');
    const all = await post({ title: 'For everyone', body: 'Hi all' });
    expect(all.statusCode, all.body).toBe(201);
    expect((await titlesFor(outsider))[0]).toBe('For everyone');
    expect((await titlesFor(maple.investors.C!))[0]).toBe('For everyone');
  });

  it("answers another investor's name as not found, and lets an admin read anyone's", async () => {
    expect((await get('/api/updates?investor_name=A', outsider)).statusCode).toBe(404);
    const asAdmin = await get('/api/updates?investor_name=D', maple.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json().updates as Update[]).map((u) => u.title)).toContain('Just for D');
    expect((await post({ title: 'x', body: 'y' }, maple.investors.A!)).statusCode).toBe(403);
  });

  it('lists attachments with their document ids, only those the reader may open, and the link downloads', async () => {
    const forAll = await uploadPdf({ title: 'Annual letter', kind: 'notice' });
    const forB = await uploadPdf({ title: 'B only', kind: 'k1', tax_year: '2024', investor_name: 'B' });
    const res = await post({ title: 'With files', body: 'See attached.', document_ids: [forAll, forB] });
    expect(res.statusCode, res.body).toBe(201);
    const of = async (token: string) => ((await get('/api/updates', token)).json().updates as Update[]).find((u) => u.title === 'With files')!;
    expect((await of(maple.investors.B!)).attachments).toEqual([{ document_id: forAll, title: 'Annual letter' }, { document_id: forB, title: 'B only' }]);
    expect((await of(maple.investors.A!)).attachments).toEqual([{ document_id: forAll, title: 'Annual letter' }]);
    expect((await get(`/api/document?id=${forAll}`, maple.investors.A!)).statusCode).toBe(200);
  });

  it('refuses bad input in plain words and writes nothing', async () => {
    const before = await counts();
    const cases: unknown[] = [
      { title: '', body: 'x' },
      { title: 't', body: '   ' },
      { title: 'x'.repeat(201), body: 'x' },
      { title: 't', body: 'x'.repeat(20_001) },
      { title: 't', body: 'x', llc_name: 'No Such LLC' },
      { title: 't', body: 'x', investor_names: ['A', 'Nobody'] },
      { title: 't', body: 'x', investor_names: Array.from({ length: 51 }, (_, i) => `Person ${i}`) },
      { title: 't', body: 'x', document_ids: Array.from({ length: 11 }, (_, i) => i + 1) },
      { title: 't', body: 'x', document_ids: [999_999] },
      { title: 't', body: 'x', llc_name: 'Maple Holdings LLC', investor_names: ['A'] },
      { title: 't', body: 'x', extra: 1 },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect((await post({ title: 't', body: 'x', investor_names: ['Nobody'] })).json().message).toContain('Nobody');
    expect(await counts()).toEqual(before);
  });

  it('hides a withdrawn update from investors, keeps it for the admin, and refuses a second withdrawal', async () => {
    const res = await post({ title: 'Soon gone', body: 'x' });
    const id = res.json().id as number;
    expect(await titlesFor(maple.investors.A!)).toContain('Soon gone');
    const withdraw = () => t.app.inject({ method: 'POST', url: '/admin/withdraw_update', headers: bearer(maple.admin), payload: { id } });
    expect((await withdraw()).statusCode).toBe(200);
    expect(await titlesFor(maple.investors.A!)).not.toContain('Soon gone');
    const listed = ((await get('/admin/updates', maple.admin)).json().updates as (Update & { withdrawn_at: string | null })[]).find((u) => u.id === id)!;
    expect(listed.withdrawn_at).not.toBeNull();
    expect((await withdraw()).statusCode).toBe(409);
    const missing = await t.app.inject({ method: 'POST', url: '/admin/withdraw_update', headers: bearer(maple.admin), payload: { id: 999_999 } });
    expect(missing.statusCode).toBe(404);
  });
});
