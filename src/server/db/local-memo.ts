import type { Db } from './client.js';

/**
 * What this process read from the embedded database, kept while nothing was written since (`Db.localWrites`):
 * on PGlite one process alone opens the data, so a value read while the count stood at n is still the
 * database's while it stands at n, and is answered from memory with no round trip. On PostgreSQL other
 * servers may write, and every `get` asks the database. At most `limit` keys, the least recently used
 * going first.
 */
export function createLocalMemo<K, V>(db: Pick<Db, 'localWrites'>, limit: number) {
  const held = new Map<K, { value: V; at: number }>();
  return {
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const now = db.localWrites?.();
      if (now === undefined) return load();
      const hit = held.get(key);
      if (hit?.at === now) {
        // Out and back in: a Map keeps insertion order, so this makes it the most recently used.
        held.delete(key);
        held.set(key, hit);
        return hit.value;
      }
      // Noted before asking: a write that ends while the read is on its way moves the count past it.
      const value = await load();
      held.delete(key);
      if (held.size >= limit) held.delete(held.keys().next().value as K);
      held.set(key, { value, at: now });
      return value;
    },
  };
}
