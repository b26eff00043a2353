import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPicture } from '../../src/server/demo/demo-pictures.js';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * A first day: a property is added without a picture (docs/product.md "Screens" keeps the field
 * `picture_url`; empty now means none), the investor's answers say so with an empty address, and a
 * picture uploaded later replaces it. Addresses that are not pictures are still refused.
 */
describe.each(DB_KINDS)('a property without a picture on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const { picture_url: _, ...property } = MAPLE_PROPERTIES[0];
  const post = (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const count = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM property'))[0]!.n;
  const pictures = async () => Object.fromEntries(
    (await t.testDb.db.query<{ name: string; url: string }>('SELECT name, picture_url AS url FROM property')).map((r) => [r.name, r.url]),
  );

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    expect((await post('/admin/add_llc', MAPLE_LLC)).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  it('is added with the field left out, empty or blank, and has no picture', async () => {
    for (const [name, picture] of [['Left out', undefined], ['Empty', ''], ['Blank', '   ']] as const) {
      const body = { ...property, property_name: name, ...(picture === undefined ? {} : { picture_url: picture }) };
      const res = await post('/admin/add_investment_property', body);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().message).toBe('New property added successfully');
    }
    expect(await pictures()).toEqual({ 'Left out': '', Empty: '', Blank: '' });
  });

  it('shows the investor an empty picture address until one is uploaded', async () => {
    const { token: ann } = await createInvestorWithLogin(t, 'Ann');
    expect((await post('/admin/add_investment', { property_name: 'Empty', investor_name: 'Ann', date: '2024-01-05', amount: '1000' })).statusCode).toBe(201);
    const summary = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(ann) });
    expect(summary.json().property_pictures).toEqual([{ Empty: '' }]);
    const detail = await t.app.inject({ method: 'GET', url: '/api/investor_property?property_name=Empty', headers: bearer(ann) });
    expect(detail.json().picture_url).toBe('');

    const upload = await post('/admin/upload_picture', { data: demoPicture('house').toString('base64'), property_name: 'Empty' });
    expect(upload.statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(ann) });
    expect(after.json().property_pictures).toEqual([{ Empty: upload.json().picture_url }]);
  });

  it('still refuses an address that is not a picture, and writes nothing', async () => {
    const before = await count();
    const refused: [unknown, RegExp][] = [
      ['javascript:alert(1)', /^Picture URL must be an http\(s\) address or a path starting with \/\.$/],
      ['ftp://example.com/p.jpg', /^Picture URL must be an http\(s\) address or a path starting with \/\.$/],
      ['//example.com/p.jpg', /^Picture URL must be an http\(s\) address or a path starting with \/\.$/],
      ['data:image/png;base64,AAAA', /^Picture URL must be an http\(s\) address or a path starting with \/\.$/],
      [`https://example.com/${'x'.repeat(2048)}`, /^Picture url must be at most 2048 characters\.$/],
      [42, /^Picture url must be a string\.$/],
      [null, /^Picture url must be a string\.$/],
    ];
    for (const [picture, message] of refused) {
      const res = await post('/admin/add_investment_property', { ...property, property_name: 'Refused', picture_url: picture });
      expect(res.statusCode, String(picture).slice(0, 40)).toBe(400);
      expect(res.json().message, String(picture).slice(0, 40)).toMatch(message);
    }
    // A required field is still required: the picture alone became optional.
    const { address: __, ...noAddress } = property;
    expect((await post('/admin/add_investment_property', { ...noAddress, property_name: 'Refused' })).json().message).toBe('Address is required.');
    expect(await count()).toBe(before);
  });
});
