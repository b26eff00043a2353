import type { Prepared, Queryable } from '../../db/client.js';

/**
 * A transaction that answers a repeated read of the master data from memory: a property, category, loren,
 * investor or LLC by name or id, and the row locks taken on them. A commit of 10,000 bank lines runs the
 * recording forms' builders 10,000 times, and each asks for the same few names; the rows cannot change
 * under the commit (nothing in it writes them, and a lock, once taken, is held to the end), so the first
 * answer stands. Anything that reads the ledger, the audit trail or the imports goes to the database.
 */
const MASTER_READ = /^\s*SELECT\b[\s\S]*\bFROM\s+(property|category|loren|investor|llc)\b/i;
const MOVING = /\b(ledger_entry|audit_event|bank_import|bank_import_line|bank_rule|idempotency_key)\b|books_write_lock/i;

export function withCachedLookups(tx: Queryable): Queryable {
  const answers = new Map<string, unknown[]>();
  return {
    exec: (script) => tx.exec(script),
    async query<T>(statement: string | Prepared, params: unknown[] = []): Promise<T[]> {
      const text = typeof statement === 'string' ? statement : statement.text;
      if (!MASTER_READ.test(text) || MOVING.test(text)) return tx.query<T>(statement, params);
      const key = `${text}\u0000${JSON.stringify(params)}`;
      const known = answers.get(key);
      if (known) return [...known] as T[];
      const rows = await tx.query<T>(statement, params);
      answers.set(key, rows);
      return [...rows];
    },
  };
}
