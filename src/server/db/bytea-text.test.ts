import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from './client.js';

/** PGlite's bytea goes through the portal's own hex codec (client.ts): every byte arrives and comes back as it was. */
describe('bytea on the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db?.close());

  it.each([0, 1, 2, 256, 4096, 256 * 1024 + 3])('keeps %i bytes whole, both ways', async (size) => {
    const bytes = size === 256 ? Uint8Array.from({ length: 256 }, (_, i) => i) : new Uint8Array(randomBytes(size));
    const [row] = await db.query<{ back: Uint8Array; length: number; hex: string }>(
      "SELECT $1::bytea AS back, octet_length($1::bytea) AS length, encode($1::bytea, 'hex') AS hex", [bytes],
    );
    expect(row!.length).toBe(size);
    expect(row!.hex).toBe(Buffer.from(bytes).toString('hex'));
    expect(row!.back).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(row!.back).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses what is not bytes', async () => {
    await expect(db.query('SELECT $1::bytea', ['not bytes'])).rejects.toThrow('Invalid input for bytea type');
  });
});
