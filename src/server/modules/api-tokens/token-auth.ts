import type { Db, Queryable } from '../../db/client.js';
import { createLocalMemo } from '../../db/local-memo.js';
import type { SessionUser } from '../auth/auth.js';
import { apiTokenHash } from './api-token-text.js';
import { findLiveToken, touchToken, type TokenUser } from './api-tokens.repository.js';

// As for sessions: writing last_used_at on every request would turn each read into a write.
const TOUCH_EVERY_MS = 60_000;

/**
 * The user a personal API token acts for, or undefined when it is unknown, revoked, expired or its login's
 * access has ended. It carries the login's role as it is now and the token's own limits (read-only); its
 * `sessionId` is `token:<id>`, never a session's UUID, so nothing that works on sessions takes it for one.
 */
export function createTokenAuthentication(db: Db) {
  // On the embedded database the token rows this process read stay in its memory until it writes anything
  // (a revocation, a touch …), as the sessions do (auth.service.ts).
  const liveTokens = createLocalMemo<string, TokenUser | undefined>(db, 10_000);
  const find = (hash: string) =>
    liveTokens.get(hash, async () => {
      const found = await findLiveToken(db, hash);
      return found && Object.freeze(found);
    });
  return (text: string, now: Date) => authenticateApiToken(db, find, text, now);
}

async function authenticateApiToken(
  db: Queryable,
  find: (tokenHash: string) => Promise<TokenUser | undefined>,
  text: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const t = await find(apiTokenHash(text));
  if (!t || t.expiresAt.getTime() <= now.getTime()) return undefined;
  if (!t.lastUsedAt || now.getTime() - t.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touchToken(db, t.tokenId, now);
  return {
    sessionId: `token:${t.tokenId}`,
    userId: t.userId,
    username: t.username,
    adminLevel: t.adminLevel,
    role: t.role,
    investorId: t.investorId,
    lastSeenAt: now,
    expiresAt: t.expiresAt,
    apiToken: { id: t.tokenId, readOnly: t.readOnly },
  };
}
