import { sha256 } from '../../lib/random.js';

export type AuditFields = {
  at: string; // ISO-8601 UTC
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  /** The personal API token of the write; absent (never null) otherwise, so it is hashed only when present. */
  apiTokenId?: number;
};

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const GENESIS_HASH = '0'.repeat(64);

/** Hash chain of docs/security.md L10: each row's hash covers the previous hash and its own content. */
export const chainHash = (prevHash: string, fields: AuditFields): string =>
  sha256(prevHash + canonicalJson(fields));
