/** An Idempotency-Key and the hash of the request it was first used for (docs/security.md L6). */
export type IdempotencyRequest = { key: string; requestHash: string };

/** Who writes, from where, and under which Idempotency-Key: what every audited write needs. */
export type WriteContext = {
  userId: number; ip: string; idempotency: IdempotencyRequest | null;
  /** The personal API token the request came with (modules/api-tokens): the audit row names it. */
  apiTokenId?: number;
  /**
   * Writes that tell nobody: the demo's three years of history are loaded through the same services as a
   * request, and its investors must not get an e-mail for each withdrawal of 2024.
   */
  quiet?: true;
};
