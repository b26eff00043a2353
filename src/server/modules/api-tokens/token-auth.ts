import type { Queryable } from '../../db/client.js';
import type { SessionUser } from '../auth/auth.js';
import { apiTokenHash } from './api-token-text.js';
import { findLiveToken, touchToken } from './api-tokens.repository.js';

// As for sessions: writing last_used_at on every request would turn each read into a write.
const TOUCH_EVERY_MS = 60_000;

/**
 * The user a personal API token acts for, or undefined when it is unknown, revoked, expired or its login's
 * access has ended. It carries the login's role as it is now and the token's own limits (read-only); its
 * `sessionId` is `token:<id>`, never a session's UUID, so nothing that works on sessions takes it for one.
 */
export async function authenticateApiToken(db: Queryable, text: string, now: Date): Promise<SessionUser | undefined> {
  const t = await findLiveToken(db, apiTokenHash(text), now);
  if (!t) return undefined;
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
