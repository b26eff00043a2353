import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const DATA_KEY_FILE = 'data-key';

/**
 * The key of sealed data (tax IDs, bank accounts): DATA_KEY when set; else the one in DATA_DIR/data-key,
 * made once (32 random bytes, base64, mode 0600) on the first start. So the embedded default seals data
 * with no set-up, and a database dump or a PostgreSQL server never holds the key. A key file that is not
 * 32 bytes of base64 stops the start: making a new one would leave every sealed row unreadable.
 */
export function loadOrCreateDataKey(dataDir: string, configured: Buffer | undefined): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, DATA_KEY_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    const key = Buffer.from(kept, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(kept) || key.length !== 32) {
      throw new Error(`The data key file ${path.resolve(file)} is not 32 bytes in base64: restore it from a backup, or set DATA_KEY.`);
    }
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': never overwrite a key another process wrote a moment ago.
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
