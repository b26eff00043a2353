import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPicture } from '../../src/server/demo/demo-pictures.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

/** Property pictures the portal keeps itself: checked by content, served from its own origin. */
describe('property pictures', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const upload = (payload: object, token = maple.admin) =>
    t.app.inject({ method: 'POST', url: '/admin/upload_picture', headers: bearer(token), payload });

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what this file writes stays in its copy.
    template = await mapleBooksTemplate('pglite', { logins: true });
    t = await template.start();
    maple = template.state;
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('keeps an uploaded PNG, serves it with its type and nosniff, and makes it the property picture', async () => {
    const png = demoPicture('house');
    const res = await upload({ data: png.toString('base64'), property_name: 'P' });
    expect(res.statusCode).toBe(201);
    const { message, picture_url } = res.json();
    expect(message).toBe('Picture uploaded successfully');
    expect(picture_url).toMatch(/^\/pictures\/[0-9a-f-]{36}$/);
    const file = await t.app.inject({ method: 'GET', url: picture_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png)).toBe(true);
    const summary = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(maple.investors.A!) });
    expect(summary.json().property_pictures).toEqual([{ P: picture_url }]);
    const [audit] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'upload_picture'`);
    expect(audit!.n).toBe(1);
  });

  it('accepts a data: URL as a browser reads a file, without a property', async () => {
    const res = await upload({ data: `data:image/png;base64,${demoPicture('land').toString('base64')}` });
    expect(res.statusCode).toBe(201);
  });

  it('refuses what is not a JPEG, PNG or WebP picture, whatever it claims, and changes nothing', async () => {
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM picture');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>').toString('base64');
    const cases: [object, number, string][] = [
      [{ data: svg }, 400, 'The picture must be a JPEG, PNG or WebP image.'],
      [{ data: `data:image/png;base64,${svg}` }, 400, 'The picture must be a JPEG, PNG or WebP image.'],
      [{ data: 'not base64 at all!' }, 400, 'Data must be the picture in base64.'],
      [{ data: '' }, 400, 'Data is required.'],
      [{ data: demoPicture('house').toString('base64'), property_name: 'Nowhere' }, 404, 'No property named "Nowhere".'], // the property acted on
      [{ data: Buffer.alloc(2 * 1024 * 1024 + 10, 0x89).toString('base64') }, 400, 'The picture is too large: it may be at most 2 MB.'],
      [{ data: 'A'.repeat(3 * 1024 * 1024) }, 413, 'The request body is too large.'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await upload({ data: demoPicture('house').toString('base64') }, maple.investors.A!)).statusCode).toBe(403);
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM picture');
    expect(after).toEqual(before);
  });

  it('answers 404 for a picture that does not exist, and for an id that is not one', async () => {
    for (const url of ['/pictures/00000000-0000-4000-8000-000000000000', '/pictures/..%2Fetc', '/pictures/x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
