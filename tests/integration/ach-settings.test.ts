import { afterEach, describe, expect, it } from 'vitest';
import { achSettings } from '../../src/server/modules/ach-settings/ach-settings.js';
import { nachaFile } from '../../src/server/lib/nacha/nacha-file.js';
import { readNacha } from '../../src/server/lib/nacha/read-nacha.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

const DETAILS = {
  company_name: 'Maple Investors', company_id: '1123456789', originating_routing: '021000021',
  destination_routing: '021000021', destination_name: 'JPMorgan Chase', origin_name: 'Maple Investors LLC',
};

/** The group's ACH details for distribution payments' NACHA file (docs/api.md, "ACH details"). */
describe.each(DB_KINDS)('ACH details on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const rows = () => t.testDb.db.query<Record<string, unknown>>('SELECT company_name, company_id, originating_routing, destination_routing, destination_name, origin_name FROM ach_settings');
  const auditOf = async (admin: string) =>
    ((await get('/admin/audit_log?entity=ach_settings&page_size=200', admin)).json() as { events: { action: string; user: string | null; before: unknown; after: unknown }[] }).events;

  it('are nulls until saved, then saved, answered, audited, and what the NACHA writer reads', async () => {
    t = await startTestApp(kind);
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);

    const empty = await get('/admin/ach_settings', admin);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      company_name: null, company_id: null, originating_routing: null, destination_routing: null, destination_name: null, origin_name: null, updated_at: null,
    });
    expect(await achSettings(t.testDb.db)).toBeNull();

    t.clock.advance(60_000);
    const at = t.clock.now();
    // A routing number as people type it, with dashes; the company ID with the EIN's dash.
    const saved = await post('/admin/change_ach_settings', admin, { ...DETAILS, originating_routing: '0210-0002-1', company_id: '1-123456789' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DETAILS, updated_at: at.toISOString(), message: 'ACH details saved.' });
    expect((await get('/admin/ach_settings', admin)).json()).toEqual({ ...DETAILS, updated_at: at.toISOString() });
    expect(await rows()).toEqual([DETAILS]);

    const face = await achSettings(t.testDb.db);
    expect(face).toEqual({
      companyName: 'Maple Investors', companyId: '1123456789', originatingRouting: '021000021', destinationRouting: '021000021',
      destinationName: 'JPMorgan Chase', originName: 'Maple Investors LLC',
    });
    // The details make a file a bank's system takes: the writer's own reader checks it.
    const file = readNacha(nachaFile({
      settings: face!, createdAt: at, effectiveDate: '2026-03-09', description: 'DISTRIB',
      entries: [{ name: 'Bob', routingNumber: '011000015', accountNumber: '1234', accountType: 'checking', amountCents: 5_000, individualId: '7' }],
    }));
    expect(file.header).toMatchObject({ immediateDestination: '021000021', immediateOrigin: '021000021', destinationName: 'JPMORGAN CHASE', originName: 'MAPLE INVESTORS LLC' });
    expect(file.batches[0]!.header).toMatchObject({ companyName: 'MAPLE INVESTORS', companyId: '1123456789', odfi: '02100002' });

    let events = await auditOf(admin);
    expect(events.map((e) => [e.action, e.user])).toEqual([['change_ach_settings', ADMIN.username]]);
    expect(events[0]!.before).toBeNull();
    expect(events[0]!.after).toEqual(DETAILS);

    // The same details again change nothing and write no second audit row.
    t.clock.advance(60_000);
    expect((await post('/admin/change_ach_settings', admin, DETAILS)).json()).toMatchObject({ updated_at: at.toISOString() });
    expect(await auditOf(admin)).toHaveLength(1);

    // A change keeps one row, and its audit row has what was there before.
    t.clock.advance(60_000);
    const later = t.clock.now();
    const changed = await post('/admin/change_ach_settings', admin, { ...DETAILS, destination_routing: '011000015', destination_name: 'Federal Reserve Bank' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ destination_routing: '011000015', destination_name: 'Federal Reserve Bank', updated_at: later.toISOString() });
    expect(await rows()).toEqual([{ ...DETAILS, destination_routing: '011000015', destination_name: 'Federal Reserve Bank' }]);
    events = await auditOf(admin);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ action: 'change_ach_settings', before: DETAILS, after: { ...DETAILS, destination_routing: '011000015', destination_name: 'Federal Reserve Bank' } });
  });

  it('refuses bad details in plain words and writes nothing; only an administrator sees or changes them', async () => {
    t = await startTestApp(kind);
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    expect((await post('/admin/change_ach_settings', admin, DETAILS)).statusCode).toBe(200);

    const refusals: [object, RegExp][] = [
      [{ originating_routing: '021000022' }, /^Originating routing must be a 9-digit ABA routing number/],
      [{ destination_routing: '12345678' }, /^Destination routing must be a 9-digit ABA routing number/],
      [{ company_name: 'Maple Investors Group' }, /^Company name must be at most 16 characters/],
      [{ company_name: '   ' }, /^Company name is required/],
      [{ company_id: '123456789' }, /^Company ID must be 10 letters or digits/i],
      [{ company_id: '1 23456789' }, /^Company ID must be 10 letters or digits/i],
      [{ destination_name: 'The First National Bank of X' }, /^Destination name must be at most 23 characters/],
      [{ origin_name: 'Érable Investors' }, /^Origin name must use plain letters/],
      [{ origin_name: undefined }, /^Origin name is required/],
      [{ surprise: 'field' }, /surprise|unrecognized|not expected/i],
    ];
    for (const [change, words] of refusals) {
      const res = await post('/admin/change_ach_settings', admin, { ...DETAILS, ...change });
      expect({ change, status: res.statusCode }).toEqual({ change, status: 400 });
      expect(res.json().message).toMatch(words);
    }
    expect(await rows()).toEqual([DETAILS]);
    expect(await auditOf(admin)).toHaveLength(1);

    const bob = await createInvestorWithLogin(t, 'Bob');
    expect((await get('/admin/ach_settings', bob.token)).statusCode).toBe(403);
    expect((await post('/admin/change_ach_settings', bob.token, { ...DETAILS, company_name: 'Bob' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin/ach_settings' })).statusCode).toBe(401);
    expect(await rows()).toEqual([DETAILS]);
  });
});
