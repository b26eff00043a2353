import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { onPostgres } from '../support/test-db.js';

/** The database going away (docs/security.md F2): 503 with Retry-After while it is gone, recovery by itself after. */
describe('when the database cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After and plain words for a connection error, never a 500', async () => {
    const codes = ['ECONNREFUSED', '57P01', '08006', 'none'];
    for (const code of codes) {
      t.app.get(`/probe/db-${code}`, { config: { policy: 'public' } }, async () => {
        // 'none': what node-postgres throws, without a code, for a client the server ended mid-transaction.
        if (code === 'none') throw new Error('Client has encountered a connection error and is not queryable');
        throw Object.assign(new Error('connect failed'), { code });
      });
    }
    for (const code of codes) {
      const res = await t.app.inject({ method: 'GET', url: `/probe/db-${code}` });
      expect(res.statusCode, code).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: 'The database cannot be reached just now. Try again in a moment.' });
    }
  });
});

describe.runIf(onPostgres('when PostgreSQL drops the connections'))('when PostgreSQL drops the connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(() => t?.close());

  it('keeps serving: the pool replaces the connections the server killed', async () => {
    const token = await signIn(t.app, ADMIN.username, ADMIN.password);
    const ask = () => t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(token) });
    expect((await ask()).statusCode).toBe(200);
    // Every other connection to this database ends, as when PostgreSQL restarts.
    await t.testDb.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    const codes: number[] = [];
    for (let k = 0; k < 5; k++) codes.push((await ask()).statusCode);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(codes.at(-1)).toBe(200);
  });
});
