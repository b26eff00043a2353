import { describe, expect, it } from 'vitest';
import { gzipJson, jsonOf, ownBytes } from './kept-json.js';

describe('kept JSON', () => {
  it('keeps small bodies in memory of their own, not in a shared 8 KB block a held one would keep alive', async () => {
    const pooled = Buffer.from('a small body'); // Node puts a Buffer this small in its shared pool
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const own = ownBytes(pooled);
    expect(own.buffer.byteLength).toBe(own.byteLength);
    expect(own.equals(pooled)).toBe(true);
    const gzipped = await gzipJson('{"amount":12.5}');
    expect(gzipped.buffer.byteLength).toBe(gzipped.byteLength);
    expect(jsonOf({ gzip: gzipped })).toBe('{"amount":12.5}');
  });
});
