import type { IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHash, GENESIS_HASH } from '../../src/server/modules/audit/audit.fns.js';
import { appendAudit, appendAudits, auditEventsAfter, type AuditInput } from '../../src/server/modules/audit/audit.repository.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS, openTestDb, type TestDb } from '../support/test-db.js';

/**
 * The audit chain is hashed in the database as the rows are inserted (migration 0033) and checked in the app
 * (`chainHash`, the whole-books check): the two must agree on every row, whatever text it carries.
 */
describe.each(DB_KINDS)('the audit chain hashed on insert, on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t?.drop());

  const row = (n: number, after: unknown, extra: Partial<AuditInput> = {}): AuditInput => ({
    at: new Date(Date.UTC(2026, 10, 27, 12, 0, 0, n % 1000)), userId: null, action: `test_${n}`, entity: 'investor', entityId: String(n),
    before: null, after, ip: n % 2 ? '203.0.113.7' : null, ...extra,
  });

  it('gives each row the hash chainHash gives it: non-ASCII names, escapes, nesting, one row, none, and a batch', async () => {
    const tricky = [
      { name: 'Zoë Müller-Ångström', city: 'Kraków', note: '“quoted” — ‘dash’ … 東京 😀 𝔘𝔫𝔦' },
      { memo: 'line\nbreak\ttab "quote" \\ backslash \u0007 bell \u2028 separator', amount: '1,234.56' },
      { list: [1, -2.5, 1e21, 0.000001, true, false, null, { z: 1, a: [{ b: 'c' }] }], empty: {}, none: [] },
      { 'key with spaces': 1, 'ключ': 'значение', 'é': 'accent first', e: 'plain' },
    ];
    await appendAudit(t.db, row(1, tricky[0]));
    await appendAudits(t.db, []);
    await appendAudits(t.db, tricky.map((after, i) => row(10 + i, after, { before: tricky[(i + 1) % tricky.length] })));
    await appendAudits(t.db, Array.from({ length: 600 }, (_, i) => row(100 + i, { i, name: `Investor ${i} — ${'ß'.repeat(i % 7)}` })));

    const rows = await auditEventsAfter(t.db, 0, 10_000);
    expect(rows).toHaveLength(1 + tricky.length + 600);
    let prev = GENESIS_HASH;
    for (const { id, prevHash, hash, ...fields } of rows) {
      expect({ id, prevHash, hash }).toEqual({ id, prevHash: prev, hash: chainHash(prev, fields) });
      prev = hash;
    }
    expect(rows.map((r) => r.action)).toEqual(['test_1', ...tricky.map((_, i) => `test_${10 + i}`), ...Array.from({ length: 600 }, (_, i) => `test_${100 + i}`)]);
    expect(rows[1]!.after).toEqual(tricky[0]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('hashes a missing address, user or id as the null the row stores', async () => {
    // What a request's `ip` is once its client has hung up: undefined, whatever its type says.
    const missing = { ip: undefined, userId: undefined, entityId: undefined } as unknown as Partial<AuditInput>;
    await appendAudit(t.db, row(2_000, { note: 'written after the client hung up' }, missing));
    await appendAudits(t.db, [row(2_001, null, missing), row(2_002, null)]);
    const last = (await auditEventsAfter(t.db, 0, 10_000)).slice(-3);
    expect(last.map((r) => [r.ip, r.userId, r.entityId])).toEqual([[null, null, null], [null, null, null], [null, null, '2002']]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });
});

describe('where a request came from, once its client has hung up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it("keeps the client's address once the client has gone (what a handler and its audit rows read)", async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const arrived = new Promise<IncomingMessage>((resolve) => t.app.server.prependOnceListener('request', resolve));
    // Headers and half a body: nothing of the portal has run for it yet when the client goes.
    const client = net.connect(port, '127.0.0.1', () =>
      client.write('POST /auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user'));
    client.on('error', () => undefined);
    const request = await arrived;
    client.destroy();
    // The server's side of the connection closes; a handler still running reads the address only now.
    if (!request.socket.destroyed) await new Promise((resolve) => request.socket.once('close', resolve));
    expect(request.socket.remoteAddress).toBe('127.0.0.1');
  });
});
