import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Bounded input (docs/security.md P1): about forty sign-ins whose password
 * was an array nested 2,000 deep, then one nested 10,000 deep, took the server down (the input guard
 * walked the body recursively, copying the path at every level); 64 KiB allows 32,000 levels. Now any
 * request nested past 32 levels, or with more than 1,000 fields and list items, is refused with a 400
 * in plain words before anything recursive runs, in time proportional to its size, and the server
 * keeps answering.
 */
const TOO_DEEP = { message: 'The request is nested too deeply (at most 32 levels).' };
const TOO_WIDE = { message: 'The request has too many fields and list items (at most 1,000).' };
const BODY_LIMIT = 64 * 1024;

/** A sign-in whose password is a list nested `levels` deep: the body itself is one level more. */
const nestedLogin = (levels: number) => `{"username":"admin","password":${'['.repeat(levels)}"x"${']'.repeat(levels)}}`;

describe.each(DB_KINDS)('bounded input on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
  const healthy = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('refuses the attack that took the server down: 40 bodies nested 2,000 deep, then 10,000 and 30,000 deep', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await post('/auth/login', nestedLogin(2000));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(TOO_DEEP);
    }
    const timings: string[] = [];
    for (const levels of [10_000, 30_000]) {
      const body = nestedLogin(levels);
      expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMIT); // within the body limit: only the bound refuses it
      const started = performance.now();
      const res = await post('/auth/login', body);
      const ms = performance.now() - started;
      expect(res.statusCode, `${levels} levels`).toBe(400);
      expect(res.json()).toEqual(TOO_DEEP);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      timings.push(`${levels.toLocaleString('en-US')} levels (${Buffer.byteLength(body).toLocaleString('en-US')} bytes) in ${ms.toFixed(1)} ms`);
    }
    console.log(`bounded input on ${kind}: largest nesting refused ${timings.at(-1)}; also ${timings[0]}`);
    expect(await healthy()).toBe(200);
    // And the server still signs people in.
    expect(await signIn(t.app, ADMIN.username, ADMIN.password)).toMatch(/^ey/);
  });

  it('draws the line at 32 levels, counting the body itself as the first', async () => {
    // 31 lists inside the body: 32 levels, past the bound's check, refused by the schema in its own words.
    const inside = await post('/auth/login', nestedLogin(31));
    expect(inside.statusCode).toBe(400);
    expect(inside.json()).toEqual({ message: 'Password must be a string.' });
    const outside = await post('/auth/login', nestedLogin(32));
    expect(outside.json()).toEqual(TOO_DEEP);
    // Objects count like lists.
    const objects = `{"username":"admin","password":${'{"a":'.repeat(32)}1${'}'.repeat(32)}}`;
    expect((await post('/auth/login', objects)).json()).toEqual(TOO_DEEP);
  });

  it('reads the depth of JSON text outside its strings: brackets and escaped quotes inside a password are text', async () => {
    const password = `${'['.repeat(40)}\\"${'{'.repeat(40)}`;
    const res = await post('/auth/login', `{"username":"nobody","password":"${password}"}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('refuses wide bodies and queries: more than 1,000 fields and list items in all', async () => {
    const wideObject = JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0])));
    const wideList = JSON.stringify({ username: 'admin', password: Array.from({ length: 30_000 }, () => 0) });
    for (const body of [wideObject, wideList]) {
      expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMIT);
      const res = await post('/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(TOO_WIDE);
    }
    // 1,000 exactly (two fields and a list of 998) is the schema's to judge; one more is past the bound.
    const listOf = (n: number) => JSON.stringify({ username: 'admin', password: Array.from({ length: n }, () => 0) });
    expect((await post('/auth/login', listOf(998))).json()).toEqual({ message: 'Password must be a string.' });
    expect((await post('/auth/login', listOf(999))).json()).toEqual(TOO_WIDE);
    // A query of 1,001 keys, on a call that takes none.
    const query = Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join('&');
    const wideQuery = await t.app.inject({ method: 'GET', url: `/healthz?${query}` });
    expect(wideQuery.statusCode).toBe(400);
    expect(wideQuery.json()).toEqual(TOO_WIDE);
    expect(await healthy()).toBe(200);
  });

  it('refuses a 3 MB picture upload nested 1.5 million deep, or of 10,000 keys, from its text, quickly', async () => {
    const levels = 1_500_000;
    const deep = `{"data":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const started = performance.now();
    const res = await post('/admin/upload_picture', deep, bearer(admin) as Record<string, string>);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
    console.log(`bounded input on ${kind}: a picture upload nested ${levels.toLocaleString('en-US')} deep (${(deep.length / 2 ** 20).toFixed(1)} MB) refused in ${ms.toFixed(1)} ms`);
    const keys = JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])));
    expect((await post('/admin/upload_picture', keys, bearer(admin) as Record<string, string>)).json()).toEqual(TOO_WIDE);
    expect(await healthy()).toBe(200);
  });
});
