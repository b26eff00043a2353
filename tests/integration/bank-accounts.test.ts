import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { DATA_KEY_FILE, loadOrCreateDataKey } from '../../src/server/db/data-key.js';
import { payeeAccounts } from '../../src/server/modules/bank-accounts/bank-accounts.js';
import { openRuntime } from '../../src/server/runtime.js';
import { FAST_SENDING as FAST, startMailServer } from '../support/mail-server.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, addInvestor, bearer, buildAppTemplate, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/** Investors' bank accounts for distributions (docs/api.md, "Bank accounts"). */

const DATA_KEY = randomBytes(32).toString('base64');
const KEY = Buffer.from(DATA_KEY, 'base64');
const CHASE = '021000021';
const FED_NY = '011000015';
const ACCOUNT = '000123456789';
const OTHER_ACCOUNT = '5550001111';

describe.each(DB_KINDS)('bank accounts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  afterEach(async () => {
    await t?.close();
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function start(env: Record<string, string> = {}) {
    t = await startTestApp(kind, { DATA_KEY, ...env });
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  }

  /** An investor with a login and an e-mail address. */
  async function investor(name: string, email = `${name.toLowerCase()}@example.test`) {
    const { secret } = await addInvestor(t, { name, email, phone: '', address: '', fee_percentage: '0' });
    const login = { username: name.toLowerCase(), password: 'amber canyon whistle 77' };
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...login, secret } });
    expect(res.statusCode, res.body).toBe(201);
    const token = (res.json() as { access_token: string }).access_token;
    const [row] = await t.testDb.db.query<{ id: number }>('SELECT id FROM investor WHERE name = $1', [name]);
    return { ...login, token, id: row!.id };
  }

  const counts = async () => {
    const [row] = await t.testDb.db.query<{ accounts: number; changes: number; audits: number; notices: number }>(
      `SELECT (SELECT count(*) FROM bank_account)::int AS accounts, (SELECT count(*) FROM bank_account_change)::int AS changes,
              (SELECT count(*) FROM audit_event WHERE action LIKE '%bank_account%')::int AS audits,
              (SELECT count(*) FROM notice_outbox WHERE event LIKE 'bank_account%')::int AS notices`,
    );
    return row!;
  };
  const payees = (ids: number[]) => payeeAccounts(t.testDb.db, KEY, ids);
  const noticesOf = (investorId: number) =>
    t.testDb.db.query<{ event: string; address: string; body_text: string }>(
      'SELECT event, address, body_text FROM notice_outbox WHERE investor_id = $1 ORDER BY id', [investorId]);

  it('refuses a bad routing number, account number or type in plain words, writing nothing', async () => {
    await start();
    const bob = await investor('Bob');
    const bad: [object, RegExp][] = [
      [{ routing_number: '021000022', account_number: ACCOUNT, account_type: 'checking' }, /Routing number must be a 9-digit ABA routing number \(its check digit does not match/],
      [{ routing_number: '02100002', account_number: ACCOUNT, account_type: 'checking' }, /Routing number must be a 9-digit ABA routing number/],
      [{ routing_number: CHASE, account_number: '123', account_type: 'checking' }, /Account number must be 4 to 17 digits/],
      [{ routing_number: CHASE, account_number: '123456789012345678', account_type: 'checking' }, /Account number must be 4 to 17 digits/],
      [{ routing_number: CHASE, account_number: '12ab5678', account_type: 'checking' }, /Account number must be 4 to 17 digits/],
      [{ routing_number: '0210-0002 1', account_number: ACCOUNT, account_type: 'checking' }, /Routing number must be a 9-digit ABA routing number/],
      [{ routing_number: CHASE, account_number: ACCOUNT, account_type: 'brokerage' }, /Account type must be checking or savings/],
      [{ routing_number: CHASE, account_number: ACCOUNT }, /Account type is required/],
    ];
    for (const [payload, words] of bad) {
      const res = await post('/api/change_bank_account', bob.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(words);
      const byAdmin = await post('/api/change_bank_account', admin, { investor_name: 'Bob', ...payload });
      expect(byAdmin.statusCode).toBe(400);
    }
    expect(await counts()).toEqual({ accounts: 0, changes: 0, audits: 0, notices: 0 });
    expect((await get('/api/bank_account', bob.token)).json()).toEqual({ investor_name: 'Bob', account: null, pending: null });
  });

  it("keeps an investor's change pending, unpaid, until an admin approves it; a rejection keeps the account on file", async () => {
    await start();
    const bob = await investor('Bob');
    t.clock.advance(60_000);
    const askedAt = t.clock.now();
    const asked = await post('/api/change_bank_account', bob.token, { routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      message: "Bank account change requested: it waits for an administrator's approval.", needs_approval: true, account: null,
      pending: { type: 'checking', last4: '6789', routing_number: CHASE, requested_at: askedAt.toISOString(), requested_by: 'bob' },
    });
    expect(asked.body).not.toContain(ACCOUNT);
    // Not paid: the payments face sees no account while it waits.
    expect(await payees([bob.id])).toEqual(new Map());

    const pending = await get('/admin/bank_changes', admin);
    expect(pending.json()).toEqual({ changes: [{ investor_name: 'Bob', type: 'checking', last4: '6789', requested_by: 'bob', requested_by_admin: false, requested_at: askedAt.toISOString() }] });
    expect(pending.body).not.toContain(ACCOUNT);
    // An investor neither lists nor approves changes.
    expect((await get('/admin/bank_changes', bob.token)).statusCode).toBe(403);
    expect((await post('/admin/approve_bank_change', bob.token, { investor_name: 'Bob' })).statusCode).toBe(403);
    expect(await payees([bob.id])).toEqual(new Map());

    t.clock.advance(60_000);
    const approvedAt = t.clock.now();
    const approved = await post('/admin/approve_bank_change', admin, { investor_name: 'bob' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toMatch(/approved/);
    expect(await payees([bob.id])).toEqual(new Map([[bob.id, {
      routingNumber: CHASE, accountNumber: ACCOUNT, accountType: 'checking', holderName: 'Bob', lastFour: '6789',
    }]]));
    expect((await get('/api/bank_account', bob.token)).json()).toEqual({
      investor_name: 'Bob', pending: null, account: { type: 'checking', last4: '6789', routing_number: CHASE, since: approvedAt.toISOString() },
    });
    expect((await get('/admin/bank_changes', admin)).json()).toEqual({ changes: [] });

    // A second change waits too: the approved account stays the one paid, and a rejection keeps it.
    const again = await post('/api/change_bank_account', bob.token, { routing_number: FED_NY, account_number: OTHER_ACCOUNT, account_type: 'savings' });
    expect(again.json()).toMatchObject({ account: { last4: '6789' }, pending: { type: 'savings', last4: '1111', routing_number: FED_NY } });
    expect((await payees([bob.id])).get(bob.id)?.accountNumber).toBe(ACCOUNT);
    const noReason = await post('/admin/reject_bank_change', admin, { investor_name: 'Bob', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await post('/admin/reject_bank_change', admin, { investor_name: 'Bob', reason: 'Bob did not ask for this on the phone.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await get('/api/bank_account', bob.token)).json()).toMatchObject({ account: { last4: '6789' }, pending: null });
    expect((await payees([bob.id])).get(bob.id)?.accountNumber).toBe(ACCOUNT);

    // Nothing left to approve or reject: said in plain words, writing nothing.
    const before = await counts();
    for (const url of ['/admin/approve_bank_change', '/admin/reject_bank_change']) {
      const nothing = await post(url, admin, { investor_name: 'Bob', ...(url.includes('reject') ? { reason: 'x' } : {}) });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe('Bob has no bank account change waiting for approval.');
    }
    expect((await post('/admin/approve_bank_change', admin, { investor_name: 'Nobody' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    // Every step audited, masked only; the investor was told of each request and of the approval.
    const audit = await get('/admin/audit_log?entity=investor&page_size=200', admin);
    const events = (audit.json() as { events: { action: string }[] }).events.filter((e) => e.action.includes('bank_account'));
    expect(events.map((e) => e.action)).toEqual([
      'reject_bank_account_change', 'request_bank_account_change', 'approve_bank_account_change', 'request_bank_account_change',
    ]);
    expect(audit.body).toContain('Checking ••••6789');
    expect(audit.body).not.toContain(ACCOUNT);
    expect(audit.body).not.toContain(OTHER_ACCOUNT);
    const told = await noticesOf(bob.id);
    expect(told.map((n) => n.event)).toEqual(['bank_account_change_requested', 'bank_account_changed', 'bank_account_change_requested']);
    for (const n of told) {
      expect(n.body_text).not.toMatch(/6789|1111|021000021/);
      expect(n.body_text).toMatch(/cannot be turned off/);
    }
  });

  it('an admin sets an account at once and the investor is told; a change of another investor is not found', async () => {
    await start();
    const bob = await investor('Bob');
    const carol = await investor('Carol');
    const set = await post('/api/change_bank_account', admin, {
      investor_name: 'Carol', routing_number: CHASE, account_number: ACCOUNT, account_type: 'savings', holder_name: 'Carol and Dan Smith',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ needs_approval: false, pending: null, account: { type: 'savings', last4: '6789' } });
    expect((await payees([bob.id, carol.id])).get(carol.id)?.holderName).toBe('Carol and Dan Smith');
    expect((await noticesOf(carol.id)).map((n) => n.event)).toEqual(['bank_account_changed']);

    // Bob asks about Carol's account, or changes it: not found, as a missing investor is, and nothing is written.
    const before = await counts();
    const peek = await get('/api/bank_account?investor_name=Carol', bob.token);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('6789');
    const change = await post('/api/change_bank_account', bob.token, { investor_name: 'Carol', routing_number: FED_NY, account_number: OTHER_ACCOUNT, account_type: 'checking' });
    expect(change.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await get('/api/bank_account?investor_name=Carol', admin)).json()).toMatchObject({ investor_name: 'Carol', account: { last4: '6789' } });
    expect((await get('/api/bank_account', admin)).statusCode).toBe(400); // an admin's own login is no investor's: name one
    expect((await t.app.inject({ method: 'GET', url: '/api/bank_account' })).statusCode).toBe(401);
  });

  it('with REQUIRE_SECOND_APPROVER, an admin’s change waits for another admin', async () => {
    await start({ REQUIRE_SECOND_APPROVER: 'true' });
    const bob = await investor('Bob');
    await t.services.users.createAdmin('second', 'quartz harbor pepper 58');
    const second = await signIn(t.app, 'second', 'quartz harbor pepper 58');

    const set = await post('/api/change_bank_account', admin, { investor_name: 'Bob', routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ needs_approval: true, account: null, pending: { last4: '6789', requested_by: ADMIN.username } });
    expect(await payees([bob.id])).toEqual(new Map());
    expect((await get('/admin/bank_changes', second)).json().changes).toEqual([expect.objectContaining({ investor_name: 'Bob', requested_by_admin: true })]);

    const self = await post('/admin/approve_bank_change', admin, { investor_name: 'Bob' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You asked for this change yourself: another admin must approve it.');
    expect(await payees([bob.id])).toEqual(new Map());

    const other = await post('/admin/approve_bank_change', second, { investor_name: 'Bob' });
    expect(other.statusCode, other.body).toBe(200);
    expect((await payees([bob.id])).get(bob.id)).toMatchObject({ accountNumber: ACCOUNT, routingNumber: CHASE });
    const [row] = await t.testDb.db.query<{ requested_by: string; approved_by: string }>(
      `SELECT r.username AS requested_by, a.username AS approved_by FROM bank_account b
         JOIN portal_user r ON r.id = b.requested_by JOIN portal_user a ON a.id = b.approved_by`);
    expect(row).toEqual({ requested_by: ADMIN.username, approved_by: 'second' });
  });

  it('keeps every field sealed: the stored row holds no account or routing number, and opens only for its own investor', async () => {
    await start();
    const bob = await investor('Bob');
    const carol = await investor('Carol');
    await post('/api/change_bank_account', admin, { investor_name: 'Bob', routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' });
    await post('/api/change_bank_account', carol.token, { routing_number: FED_NY, account_number: OTHER_ACCOUNT, account_type: 'savings' });
    const rows = await t.testDb.db.query<{ whole: string; last4: string }>('SELECT t::text AS whole, last4 FROM bank_account t');
    const changes = await t.testDb.db.query<{ whole: string }>('SELECT t::text AS whole FROM bank_account_change t');
    expect(rows.map((r) => r.last4)).toEqual(['6789']);
    expect(changes).toHaveLength(1);
    for (const { whole } of [...rows, ...changes]) {
      const hexOf = (text: string) => Buffer.from(text).toString('hex');
      for (const secret of [ACCOUNT, OTHER_ACCOUNT, CHASE, FED_NY]) {
        expect(whole).not.toContain(secret);
        expect(whole).not.toContain(hexOf(secret));
      }
      expect(whole).not.toContain(hexOf('checking'));
      expect(whole).not.toContain(hexOf('Bob'));
    }
    // A sealed value copied onto another investor's row does not open.
    await t.testDb.db.query(
      `UPDATE bank_account SET investor_id = $1 WHERE investor_id = $2`, [carol.id, bob.id]);
    await expect(payees([carol.id])).rejects.toThrow();
    // Another key opens nothing either.
    await t.testDb.db.query(`UPDATE bank_account SET investor_id = $1 WHERE investor_id = $2`, [bob.id, carol.id]);
    await expect(payeeAccounts(t.testDb.db, randomBytes(32), [bob.id])).rejects.toThrow();
    expect((await payees([bob.id])).get(bob.id)?.accountNumber).toBe(ACCOUNT);
  });

  it('is refused without a data key, writing nothing', async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    await investor('Bob');
    const res = await post('/api/change_bank_account', admin, { investor_name: 'Bob', routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Set DATA_KEY to store bank accounts.');
    expect(await counts()).toEqual({ accounts: 0, changes: 0, audits: 0, notices: 0 });
  });

  describe('the e-mail of a request', () => {
    let smtp: Awaited<ReturnType<typeof startMailServer>>;
    beforeAll(async () => {
      smtp = await startMailServer();
    });
    afterAll(() => smtp.close());

    it('goes to the address on file when the change was asked, not to one set afterwards', async () => {
      await start({ SMTP_URL: smtp.url, MAIL_FROM: 'Maple Investors <portal@example.test>', PORTAL_NAME: 'Maple Investors' });
      const bob = await investor('Bob', 'bob.old@example.test');
      const asked = await post('/api/change_bank_account', bob.token, { routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' });
      expect(asked.statusCode, asked.body).toBe(200);
      // Someone changes the address on file afterwards (no call of the portal does: straight in the table).
      await t.testDb.db.query('UPDATE investor SET email = $1 WHERE id = $2', ['thief@example.test', bob.id]);
      t.services.noticeSender.start({ timing: FAST });
      await smtp.until(() => smtp.arrived.length >= 1);
      expect(smtp.arrived.map((a) => a.to)).toEqual(['bob.old@example.test']);
      const mail = smtp.arrived[0]!.mail;
      expect(mail.subject).toBe('Maple Investors: a change of your bank account was requested');
      expect(mail.text).toMatch(/paid only once an administrator approves it/);
      expect(mail.text).not.toMatch(/6789|021000021/);
    });
  });
});

describe('the data key file', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is made once (32 random bytes, mode 0600) and read again; DATA_KEY wins; a damaged file stops the start', () => {
    const dir = tempDir();
    const made = loadOrCreateDataKey(dir, undefined);
    const file = path.join(dir, DATA_KEY_FILE);
    expect(made).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(made)).toBe(true);
    expect(loadOrCreateDataKey(dir, undefined).equals(made)).toBe(true);
    expect(loadOrCreateDataKey(tempDir(), undefined).equals(made)).toBe(false);
    expect(loadOrCreateDataKey(dir, KEY).equals(KEY)).toBe(true);
    writeFileSync(file, 'short');
    expect(() => loadOrCreateDataKey(dir, undefined)).toThrow(/is not 32 bytes in base64/);
  });

  it('lets the embedded default keep a bank account with no set-up, sealed under the key file', async () => {
    // Books already migrated (a template's PGlite files, copied where the portal keeps them): the start only opens them.
    const books = await buildAppTemplate('pglite', (t) => addInvestor(t, { name: 'Bob', email: '', phone: '', address: '', fee_percentage: '0' }));
    const dir = tempDir();
    try {
      const { location } = books;
      if (!('files' in location)) throw new Error('a PGlite template has files');
      cpSync(location.files, path.join(dir, 'pglite'), { recursive: true });
    } finally {
      await books.close();
    }
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'a'.repeat(40), LOG_LEVEL: 'silent', ADMIN_MFA: 'optional' });
    expect(config.dataKey).toBeUndefined();
    expect(existsSync(path.join(dir, DATA_KEY_FILE))).toBe(false);
    const runtime = await openRuntime(config);
    try {
      const [row] = await runtime.db.query<{ admin: number; bob: number }>(
        "SELECT (SELECT id FROM portal_user WHERE username = $1) AS admin, (SELECT id FROM investor WHERE name = 'Bob') AS bob", [ADMIN.username]);
      const user = { sessionId: 's', userId: row!.admin, username: ADMIN.username, adminLevel: 1, role: 'admin' as const, investorId: null, lastSeenAt: new Date(), expiresAt: new Date() };
      await runtime.services.bankAccounts.change(user, { investor_name: 'Bob', routing_number: CHASE, account_number: ACCOUNT, account_type: 'checking' },
        { userId: row!.admin, ip: '127.0.0.1', idempotency: null });
      // The key the services sealed it under is the file's, made by this start, which the next start reads again (above).
      const file = path.join(dir, DATA_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      expect((await payeeAccounts(runtime.db, key, [row!.bob])).get(row!.bob)?.accountNumber).toBe(ACCOUNT);
      expect(loadOrCreateDataKey(dir, undefined).equals(key)).toBe(true);
    } finally {
      await runtime.close();
    }
  }, 180_000);
});
