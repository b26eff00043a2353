import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { K1_DISCLOSURE_VERSION, K1_DISCLOSURES } from '../../src/contract/k1-consent-disclosures.js';
import { loadConfig } from '../../src/server/config.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/** Electronic K-1 delivery consent (docs/decisions.md, "K-1 delivery consent"). */
describe.each(DB_KINDS)('K-1 delivery consent on %s', (kind) => {
  let t: TestApp;
  const closed = new WeakSet<TestApp>();
  /** Closes the app once: a test that starts a second app closes the first itself. */
  const closeApp = async () => {
    if (!t || closed.has(t)) return;
    closed.add(t);
    await t.close();
  };
  afterEach(closeApp);

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const consentRows = () => t.testDb.db.query<{ investor_id: number; withdrawn_at: Date | null }>('SELECT investor_id, withdrawn_at FROM k1_consent');
  const auditOf = async (admin: string) =>
    ((await get('/admin/audit_log?entity=investor&page_size=200', admin)).json() as { events: { action: string; user: string | null; entity_id: string; after: unknown }[] }).events;

  it('is given with the disclosures read, recorded with its time, withdrawn, and each change audited', async () => {
    t = await startTestApp(kind);
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const bob = await createInvestorWithLogin(t, 'Bob');

    const first = await get('/api/k1_consent', bob.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ consented: false, consented_at: null, disclosure_version: K1_DISCLOSURE_VERSION, disclosures: K1_DISCLOSURES });
    // The disclosures say what Rev. Proc. 2012-17 asks: paper without consent, scope, withdrawal, paper copy, what is needed, notice, how long.
    const words = K1_DISCLOSURES.join(' ');
    for (const needed of [/on paper/, /every tax year/, /withdraw/, /Account page/, /not yet furnished/, /paper copy/, /browser/, /PDF/, /e-mail/, /October 15/]) {
      expect(words).toMatch(needed);
    }

    // A session idles out, so the clock moves by minutes: each time recorded is the one of its call.
    t.clock.advance(60_000);
    const at = t.clock.now();
    const given = await post('/api/give_k1_consent', bob.token, { disclosure_version: K1_DISCLOSURE_VERSION });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ consented: true, consented_at: at.toISOString(), withdrawn_at: null, consented_version: K1_DISCLOSURE_VERSION });
    expect((await get('/api/k1_consent', bob.token)).json()).toMatchObject({ consented: true, consented_at: at.toISOString() });

    const list = (await get('/admin/k1_consents', admin)).json() as { investors: { investor_name: string; consented: boolean; since: string | null }[] };
    expect(list.investors).toContainEqual(expect.objectContaining({ investor_name: 'Bob', consented: true, since: at.toISOString() }));

    t.clock.advance(5 * 60_000);
    const later = t.clock.now();
    const withdrawn = await post('/api/withdraw_k1_consent', bob.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ consented: false, consented_at: at.toISOString(), withdrawn_at: later.toISOString() });
    const after = (await get('/admin/k1_consents', admin)).json() as typeof list;
    expect(after.investors).toContainEqual(expect.objectContaining({ investor_name: 'Bob', consented: false, since: null }));

    // A second withdrawal has nothing to withdraw, and writes nothing.
    const again = await post('/api/withdraw_k1_consent', bob.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/nothing to withdraw/);

    const events = (await auditOf(admin)).filter((e) => e.action.endsWith('k1_consent'));
    expect(events.map((e) => e.action)).toEqual(['withdraw_k1_consent', 'give_k1_consent']);
    expect(events.every((e) => e.user === bob.username)).toBe(true);
    expect(events[1]!.after).toMatchObject({ k1_consent: 'given', disclosure_version: K1_DISCLOSURE_VERSION });

    // Consenting again records a fresh consent time.
    t.clock.advance(5 * 60_000);
    const third = t.clock.now();
    const regiven = await post('/api/give_k1_consent', bob.token, { disclosure_version: K1_DISCLOSURE_VERSION });
    expect(regiven.json()).toMatchObject({ consented: true, consented_at: third.toISOString(), withdrawn_at: null });
  });

  it('is only ever the signed-in investor’s own: no one consents for another, and bad input writes nothing', async () => {
    t = await startTestApp(kind);
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const bob = await createInvestorWithLogin(t, 'Bob');
    const carol = await createInvestorWithLogin(t, 'Carol');

    // The body names no investor: a field naming another one is refused, not followed.
    const forCarol = await post('/api/give_k1_consent', bob.token, { disclosure_version: K1_DISCLOSURE_VERSION, investor_name: 'Carol' });
    expect(forCarol.statusCode).toBe(400);
    // An admin's own account is no investor's, and cannot consent for anyone.
    const byAdmin = await post('/api/give_k1_consent', admin, { disclosure_version: K1_DISCLOSURE_VERSION });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toMatch(/Only an investor/);
    // Disclosures of another version were not the ones shown now.
    const stale = await post('/api/give_k1_consent', bob.token, { disclosure_version: K1_DISCLOSURE_VERSION + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/disclosures have changed/);
    for (const payload of [{}, { disclosure_version: 'one' }, { disclosure_version: 0 }]) {
      expect((await post('/api/give_k1_consent', bob.token, payload)).statusCode).toBe(400);
    }
    expect(await consentRows()).toEqual([]);
    expect((await auditOf(admin)).filter((e) => e.action.endsWith('k1_consent'))).toEqual([]);

    // Bob's consent is Bob's: Carol's state does not change.
    expect((await post('/api/give_k1_consent', bob.token, { disclosure_version: K1_DISCLOSURE_VERSION })).statusCode).toBe(200);
    expect((await get('/api/k1_consent', carol.token)).json()).toMatchObject({ consented: false, consented_at: null });
    expect((await post('/api/withdraw_k1_consent', carol.token)).statusCode).toBe(409);
    expect((await consentRows()).map((r) => r.withdrawn_at)).toEqual([null]);
    // Unsigned calls are refused.
    expect((await t.app.inject({ method: 'POST', url: '/api/give_k1_consent', payload: { disclosure_version: 1 } })).statusCode).toBe(401);
  });

  describe('the tax ID', () => {
    const DATA_KEY = randomBytes(32).toString('base64');
    const investorFields = { email: '', phone: '', address: '', fee_percentage: '0' };
    const taxRow = async (name: string) =>
      (await t.testDb.db.query<{ sealed: Buffer | Uint8Array | null; last4: string | null }>(
        'SELECT tax_id_sealed AS sealed, tax_id_last4 AS last4 FROM investor WHERE name = $1', [name],
      ))[0];
    const hex = (digits: string) => Buffer.from(digits, 'utf8').toString('hex');

    it('is stored encrypted, answered masked, and audited without its digits', async () => {
      t = await startTestApp(kind, { DATA_KEY });
      const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
      const added = await post('/admin/add_investor', admin, { name: 'Dana', ...investorFields, tax_id: '123-45-6789' });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.body).not.toContain('6789');

      const row = (await taxRow('Dana'))!;
      expect(row.last4).toBe('6789');
      const raw = Buffer.from(row.sealed!);
      // The raw bytes hold neither the digits nor the written form: they are ciphertext.
      for (const plain of ['123-45-6789', '123456789', '12345']) expect(raw.toString('hex')).not.toContain(hex(plain));
      expect(raw.length).toBe(12 + '123-45-6789'.length + 16);
      // The same table row, as the database dumps it, holds no digits either.
      const dumped = await t.testDb.db.query<{ text: string }>(`SELECT row_to_json(i)::text AS text FROM investor i WHERE name = 'Dana'`);
      expect(dumped[0]!.text).not.toMatch(/123-?45-?6789/);

      const changed = await post('/admin/change_investor_tax_id', admin, { investor_name: 'Dana', tax_id: '98-7654321' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ tax_id: '•••-••-4321' });
      expect(changed.json().message).toContain('•••-••-4321');
      expect((await taxRow('Dana'))!.last4).toBe('4321');
      expect(Buffer.from((await taxRow('Dana'))!.sealed!).equals(raw)).toBe(false);

      const events = (await auditOf(admin)).filter((e) => e.action.endsWith('tax_id'));
      expect(events.map((e) => e.action)).toEqual(['change_tax_id', 'set_tax_id']);
      expect(events[0]!.after).toEqual({ tax_id: '•••-••-4321' });
      const auditText = JSON.stringify(await auditOf(admin));
      expect(auditText).not.toMatch(/123-?45-?6789|98-?7654321/);

      // Where the admin sees investors, the tax ID is masked.
      expect((await post('/admin/add_investor', admin, { name: 'Eve', ...investorFields })).statusCode).toBe(201);
      const listed = await get('/admin/k1_consents', admin);
      expect(listed.body).not.toMatch(/7654321/);
      expect(listed.json().investors).toEqual(expect.arrayContaining([
        expect.objectContaining({ investor_name: 'Dana', tax_id: '•••-••-4321' }),
        expect.objectContaining({ investor_name: 'Eve', tax_id: null }),
      ]));
    });

    it('is refused without DATA_KEY, and bad formats are refused, writing nothing', async () => {
      t = await startTestApp(kind);
      const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
      const noKey = await post('/admin/add_investor', admin, { name: 'Erin', ...investorFields, tax_id: '12-3456789' });
      expect(noKey.statusCode).toBe(409);
      expect(noKey.json().message).toBe('Set DATA_KEY to store tax IDs.');
      expect(await taxRow('Erin')).toBeUndefined(); // the investor was not added either

      // Without a tax ID an investor is added as before.
      expect((await post('/admin/add_investor', admin, { name: 'Erin', ...investorFields, tax_id: '' })).statusCode).toBe(201);
      const change = await post('/admin/change_investor_tax_id', admin, { investor_name: 'Erin', tax_id: '12-3456789' });
      expect(change.statusCode).toBe(409);
      expect(change.json().message).toBe('Set DATA_KEY to store tax IDs.');
      expect(await taxRow('Erin')).toEqual({ sealed: null, last4: null });
      await closeApp();

      t = await startTestApp(kind, { DATA_KEY });
      const admin2 = await signIn(t.app, ADMIN.username, ADMIN.password);
      for (const bad of ['123456789', '123-456-789', '12-345678', 'abc-de-fghi', '123-45-67890', '1234-5-6789']) {
        const res = await post('/admin/add_investor', admin2, { name: 'Finn', ...investorFields, tax_id: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toMatch(/SSN \(123-45-6789\) or an EIN \(12-3456789\)/);
      }
      expect(await taxRow('Finn')).toBeUndefined();
      expect((await post('/admin/add_investor', admin2, { name: 'Finn', ...investorFields })).statusCode).toBe(201);
      const badChange = await post('/admin/change_investor_tax_id', admin2, { investor_name: 'Finn', tax_id: '1234' });
      expect(badChange.statusCode).toBe(400);
      const unknown = await post('/admin/change_investor_tax_id', admin2, { investor_name: 'Nobody', tax_id: '12-3456789' });
      expect(unknown.statusCode).toBe(404);
      expect(await taxRow('Finn')).toEqual({ sealed: null, last4: null });
      expect((await auditOf(admin2)).filter((e) => e.action.endsWith('tax_id'))).toEqual([]);
    });

    it('does not start with a DATA_KEY that is not 32 bytes of base64', () => {
      for (const bad of [randomBytes(16).toString('base64'), randomBytes(48).toString('base64'), 'not base64 at all!']) {
        expect(() => loadConfig({ DATA_KEY: bad })).toThrow(/DATA_KEY: must be 32 random bytes/);
      }
      expect(loadConfig({ DATA_KEY }).dataKey?.length).toBe(32);
      expect(loadConfig({}).dataKey).toBeUndefined();
    });
  });
});
