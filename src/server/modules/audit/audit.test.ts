import { describe, expect, it } from 'vitest';
import { chainHash, GENESIS_HASH } from './audit.fns.js';
import { changeRow, OPERATOR } from './audit.js';

const at = new Date('2026-03-04T05:06:07.089Z');

describe('the audit row of a master-data change', () => {
  it('is the row the services wrote by hand: the id as text, an absent side null, the actor\'s user and address', () => {
    const ctx = { userId: 3, ip: '10.0.0.9', idempotency: { key: 'k', requestHash: 'h' } };
    const row = changeRow(ctx, at, { action: 'create', entity: 'llc', id: 12, after: { name: 'Maple Holdings LLC' } });
    expect(row).toStrictEqual({
      at, userId: 3, action: 'create', entity: 'llc', entityId: '12', before: null, after: { name: 'Maple Holdings LLC' }, ip: '10.0.0.9',
    });
  });

  it('keeps a text id and both sides as given, and hashes into the chain as the hand-built row did', () => {
    const before = { notes: 'old' };
    const after = { notes: 'new' };
    const row = changeRow({ userId: 1, ip: '127.0.0.1' }, at, { action: 'update_notes', entity: 'picture', id: 'ab12.png', before, after });
    const byHand = { at, userId: 1, action: 'update_notes', entity: 'picture', entityId: 'ab12.png', before, after, ip: '127.0.0.1' };
    expect(row).toStrictEqual(byHand);
    const hashed = (r: typeof row) => chainHash(GENESIS_HASH, { ...r, at: r.at.toISOString() });
    expect(hashed(row)).toBe(hashed(byHand));
  });

  it('names no user and no address for the operator at the console', () => {
    const row = changeRow(OPERATOR, at, { action: 'reset_totp', entity: 'portal_user', id: 5, after: { username: 'alice' } });
    expect([row.userId, row.ip, row.before]).toStrictEqual([null, null, null]);
  });
});
