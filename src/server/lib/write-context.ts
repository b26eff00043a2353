/** An Idempotency-Key and the hash of the request it was first used for (docs/security.md L6). */
export type IdempotencyRequest = { key: string; requestHash: string };

/** Who writes, from where, and under which Idempotency-Key: what every audited write needs. */
export type WriteContext = { userId: number; ip: string; idempotency: IdempotencyRequest | null };
