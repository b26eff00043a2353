import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { createServices } from '../../src/server/services.js';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import type { ParsedMail } from 'mailparser';
import { FAST_SENDING as FAST, startMailServer } from '../support/mail-server.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, TEST_JWT_SECRET, addInvestor, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * E-mail notices through the outbox (docs/decisions.md, "Notices through an outbox"), delivered to a real
 * SMTP server started here and read back with mailparser.
 */

const PORTAL_URL = 'https://portal.example.test/';


describe.each(DB_KINDS)('e-mail notices on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(() => smtp.close());
  afterEach(async () => {
    smtp.arrived.length = 0;
    await t?.close();
  });

  const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Maple Investors <portal@example.test>', PORTAL_URL, PORTAL_NAME: 'Maple Investors' });
  const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
  const outbox = async () => (await t.app.inject({ method: 'GET', url: '/admin/outbox?page_size=200', headers: bearer(admin) })).json();

  /** An investor with this e-mail address and a login, registered from a browser whose device cookie is kept. */
  async function investor(name: string, email: string) {
    const { secret } = await addInvestor(t, { name, email, phone: '', address: '', fee_percentage: '0' });
    const login = { username: name.toLowerCase(), password: 'amber canyon whistle 77' };
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...login, secret }, headers: { 'user-agent': ua } });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^portal_device=[\w-]{32}$/);
    return { ...login, token: (res.json() as { access_token: string }).access_token, device: { cookie, 'user-agent': ua } };
  }

  async function booksWithBob() {
    const seed = seedAs(t, admin);
    await seed('/admin/add_llc', MAPLE_LLC);
    await seed('/admin/add_investment_property', MAPLE_PROPERTIES[0]!);
    await seed('/admin/add_investment', { property_name: 'P', investor_name: 'Bob', date: '2024-01-02', amount: '10000' });
  }

  async function start(extraEnv: Record<string, string> = {}) {
    t = await startTestApp(kind, { ...env(), ...extraEnv });
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  }

  it('sends each event to its own person only, with a link and no figures; the optional kinds can be unsubscribed', async () => {
    await start();
    const ann = await investor('Ann', 'ann@example.test');
    await investor('Bob', 'bob@example.test');
    await addInvestor(t, { name: 'Cy', email: '', phone: '', address: '', fee_percentage: '0' });
    await booksWithBob();
    t.services.noticeSender.start({ timing: FAST });

    // Ann: her password, and a sign-in from a browser she has not used; her own browser again is no news.
    const changed = await post('/auth/change_password', ann.token, { current_password: ann.password, new_password: 'copper meadow violin 31' });
    expect(changed.statusCode, changed.body).toBe(200);
    const signInFrom = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'ann', password: 'copper meadow violin 31' }, headers });
    expect((await signInFrom(ann.device)).statusCode).toBe(200);
    expect((await signInFrom({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1' })).statusCode).toBe(200);
    // Bob: money sent to him (a return of capital of $4,321.99), none to Cy, who has no address.
    const paid = await post('/admin/record_investment_withdrawal', admin, { investor_name: 'Bob', property_name: 'P', date: '2025-03-01', amount: '4321.99' });
    expect(paid.statusCode, paid.body).toBe(201);

    await smtp.until(() => smtp.arrived.length >= 3);
    await vi.waitFor(async () => expect((await outbox()).notices.every((n: { status: string }) => n.status === 'sent')).toBe(true));
    const byTo = (to: string) => smtp.arrived.filter((a) => a.to === to).map((a) => a.mail.subject).sort();
    expect(byTo('ann@example.test')).toEqual(['Maple Investors: a sign-in from a new device', 'Maple Investors: your password was changed']);
    expect(byTo('bob@example.test')).toEqual(['Maple Investors: money was sent to you']);
    expect(smtp.arrived).toHaveLength(3);

    for (const { mail } of smtp.arrived) {
      expect(mail.from?.value).toEqual([{ name: 'Maple Investors', address: 'portal@example.test' }]);
      expect(mail.text).toContain(PORTAL_URL);
      expect(String(mail.html)).toContain(`href="${PORTAL_URL}`);
      // No figures: no amount, no dollar sign, in either part.
      for (const part of [mail.text ?? '', String(mail.html)]) {
        expect(part).not.toMatch(/\$|4,?321|10,?000/);
      }
      expect(mail.messageId).toMatch(/^<[0-9a-f]{40}@portal\.example\.test>$/);
    }
    const money = smtp.arrived.find((a) => a.to === 'bob@example.test')!.mail;
    expect(money.text).toContain(`${PORTAL_URL}investor`);
    const unsubscribe = (mail: ParsedMail) => mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
    expect(unsubscribe(money)).toBe(`List-Unsubscribe: <${PORTAL_URL}account#notices>`);
    const password = smtp.arrived.find((a) => a.mail.subject?.includes('password'))!.mail;
    expect(unsubscribe(password)).toBeUndefined();
    const device = smtp.arrived.find((a) => a.mail.subject?.includes('device'))!.mail;
    expect(device.text).toContain('Safari on iOS');

    // Each sent once; the outbox says so, newest first.
    const listed = await outbox();
    expect(listed.sending).toBe(true);
    expect(listed.notices.map((n: { event: string; status: string; attempts: number }) => [n.event, n.status, n.attempts])).toEqual([
      ['withdrawal_recorded', 'sent', 1], ['new_device_sign_in', 'sent', 1], ['password_changed', 'sent', 1],
    ]);
  });

  it('keeps to what each person chose: an optional notice turned off is not queued; a security one cannot be turned off', async () => {
    await start();
    const bob = await investor('Bob', 'bob@example.test');
    await booksWithBob();
    const settings = await t.app.inject({ method: 'GET', url: '/api/notice_settings', headers: bearer(bob.token) });
    expect(settings.json().address).toBe('bob@example.test');
    expect(settings.json().settings).toContainEqual({ event: 'password_changed', label: expect.any(String), always_on: true, enabled: true });
    expect(settings.json().settings.map((s: { event: string }) => s.event)).toEqual(expect.arrayContaining(['document_published', 'statement_published', 'investor_update']));

    const refused = await post('/api/change_notice_settings', bob.token, { settings: [{ event: 'withdrawal_recorded', enabled: false }, { event: 'password_changed', enabled: false }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/security notice: it cannot be turned off/);
    expect(await t.testDb.db.query('SELECT * FROM notice_setting')).toEqual([]);

    const off = await post('/api/change_notice_settings', bob.token, { settings: [{ event: 'withdrawal_recorded', enabled: false }] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings.find((s: { event: string }) => s.event === 'withdrawal_recorded').enabled).toBe(false);
    await seedAs(t, admin)('/admin/record_investment_withdrawal', { investor_name: 'Bob', property_name: 'P', date: '2025-03-01', amount: '100' });
    expect((await outbox()).total).toBe(0);

    await post('/api/change_notice_settings', bob.token, { settings: [{ event: 'withdrawal_recorded', enabled: true }] });
    await seedAs(t, admin)('/admin/record_investment_withdrawal', { investor_name: 'Bob', property_name: 'P', date: '2025-03-02', amount: '100' });
    expect((await outbox()).notices.map((n: { event: string; address: string }) => [n.event, n.address])).toEqual([['withdrawal_recorded', 'bob@example.test']]);
  });

  it('tries again, later, when the mail server refuses, and delivers once', async () => {
    await start();
    const ann = await investor('Ann', 'ann@example.test');
    smtp.refuse(2);
    t.services.noticeSender.start({ timing: FAST });
    await post('/auth/change_password', ann.token, { current_password: ann.password, new_password: 'copper meadow violin 31' });
    await smtp.until(() => smtp.arrived.length >= 1);
    await vi.waitFor(async () => expect((await outbox()).notices[0].status).toBe('sent'));
    const [row] = (await outbox()).notices;
    expect(row.attempts).toBe(3);
    expect(smtp.arrived.map((a) => a.to)).toEqual(['ann@example.test']);
  });

  it('gives a notice up after the cap of attempts, and shows it failed with the last error', async () => {
    await start();
    const ann = await investor('Ann', 'ann@example.test');
    smtp.refuse(2);
    t.services.noticeSender.start({ timing: { ...FAST, maxAttempts: 2 } });
    await post('/auth/change_password', ann.token, { current_password: ann.password, new_password: 'copper meadow violin 31' });
    await vi.waitFor(async () => expect((await outbox()).notices[0].status).toBe('failed'), { timeout: 10_000 });
    const [row] = (await outbox()).notices;
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: null, last_error: expect.stringMatching(/451|busy/i) });
    expect(smtp.arrived).toEqual([]);
  });

  it('loses nothing and sends nothing twice when the portal restarts in the middle of sending', async () => {
    await start();
    const people = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((n) => investor(n, `${n.toLowerCase()}@example.test`)));
    for (const p of people) {
      const res = await post('/auth/change_password', p.token, { current_password: p.password, new_password: 'copper meadow violin 31' });
      expect(res.statusCode).toBe(200);
    }
    // The first message is held by the mail server: the sender waits on it, the other three still claimed.
    smtp.hold(1);
    t.services.noticeSender.start({ timing: FAST });
    await smtp.until(() => smtp.held.length === 1);
    const claimed = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notice_outbox WHERE claimed_until IS NOT NULL AND sent_at IS NULL');
    expect(claimed[0]!.n).toBe(4);
    await t.app.close();
    // The mail server gives up on the held message only after the portal is gone: it was never delivered.
    smtp.held[0]!.release(Object.assign(new Error('Connection lost'), { responseCode: 421 }));

    // A new portal on the same database.
    const services = createServices({ config: t.config, db: t.testDb.db, clock: t.clock, jwtSecret: TEST_JWT_SECRET });
    const app = await buildApp({ config: t.config, db: t.testDb.db, services, logger: false });
    try {
      services.noticeSender.start({ timing: FAST });
      await smtp.until(() => smtp.arrived.length >= 4);
      await vi.waitFor(async () => {
        const rows = await t.testDb.db.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM notice_outbox');
        expect(rows.map((r) => r.sent)).toEqual([true, true, true, true]);
      });
      expect(smtp.arrived.map((a) => a.to).sort()).toEqual(['ann@example.test', 'bob@example.test', 'cat@example.test', 'dan@example.test']);
      expect(new Set(smtp.arrived.map((a) => a.mail.messageId)).size).toBe(4);
    } finally {
      await app.close();
    }
  });

  it('without SMTP_URL fills the outbox and sends nothing; the admin reads it, an investor may not', async () => {
    await start({ SMTP_URL: '', MAIL_FROM: '' });
    const ann = await investor('Ann', 'ann@example.test');
    t.services.noticeSender.start({ timing: FAST });
    await post('/auth/change_password', ann.token, { current_password: ann.password, new_password: 'copper meadow violin 31' });
    const listed = await outbox();
    expect(listed).toMatchObject({ total: 1, page: 1, sending: false });
    expect(listed.notices[0]).toMatchObject({
      event: 'password_changed', address: 'ann@example.test', subject: 'Maple Investors: your password was changed',
      status: 'pending', attempts: 0, sent_at: null, last_error: null,
    });
    expect(listed.notices[0].text).toContain(`${PORTAL_URL}account`);
    // Two-factor sign-in turned on from the Account page: a security notice too, in the same outbox.
    const { secret } = (await post('/auth/totp/enrol', ann.token, {})).json() as { secret: string };
    const enabled = await post('/auth/totp/enable', ann.token, { code: codeAt(base32Decode(secret)!, stepAt(t.clock.now())) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await outbox()).notices.map((n: { subject: string }) => n.subject)).toEqual([
      'Maple Investors: two-factor sign-in was turned on', 'Maple Investors: your password was changed',
    ]);
    const asInvestor = await t.app.inject({ method: 'GET', url: '/admin/outbox', headers: bearer(ann.token) });
    expect(asInvestor.statusCode).toBe(403);
    expect(smtp.arrived).toEqual([]);
  });
});
