import type { z } from 'zod';
import type { ApiTokenRow, CreateApiTokenRequest } from '../../../contract/schemas/access.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { apiTokenHash, newApiTokenText } from './api-token-text.js';
import {
  countLiveTokens, findUserToken, insertApiToken, listUserTokens, lockTokenOwner, revokeToken, type ApiTokenRecord,
} from './api-tokens.repository.js';

/** Enough for a few scripts and assistants; a user past it revokes one first. */
export const MAX_LIVE_TOKENS = 20;
const DAY_MS = 86_400_000;

const TOO_MANY = `You have ${MAX_LIVE_TOKENS} API tokens that still work, the most allowed: revoke one you no longer use first.`;
const NOT_YOURS = 'There is no such API token of yours.';

const status = (t: ApiTokenRecord, now: Date): ApiTokenRow['status'] =>
  t.revokedAt ? 'revoked' : t.expiresAt <= now ? 'expired' : 'active';

/**
 * Personal API tokens (docs/security.md, "API tokens"): created only from a signed-in session (the entries
 * are session-only), so a token never has more than the sign-in that made it: the login's role, or only
 * reads. The token is answered once; the database keeps its SHA-256.
 */
export function createApiTokensService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async create(user: SessionUser, input: z.output<typeof CreateApiTokenRequest>, ctx: WriteContext) {
      const now = clock.now();
      const text = newApiTokenText();
      const token = await db.transaction(async (tx) => {
        await lockTokenOwner(tx, user.userId);
        if ((await countLiveTokens(tx, user.userId, now)) >= MAX_LIVE_TOKENS) throw new ConflictError(TOO_MANY);
        const created = await insertApiToken(tx, {
          userId: user.userId, name: input.name, tokenHash: apiTokenHash(text), readOnly: input.read_only,
          createdAt: now, expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        });
        await auditChange(tx, ctx, now, {
          action: 'create_api_token', entity: 'api_token', id: created.id,
          after: { username: user.username, name: created.name, read_only: created.readOnly, expires_at: created.expiresAt.toISOString() },
        });
        return created;
      });
      return { id: token.id, name: token.name, token: text, read_only: token.readOnly, expires_at: token.expiresAt.toISOString() };
    },

    async list(user: SessionUser): Promise<{ tokens: ApiTokenRow[] }> {
      const now = clock.now();
      const rows = await listUserTokens(db, user.userId);
      return {
        tokens: rows.map((t) => ({
          id: t.id, name: t.name, read_only: t.readOnly, created_at: t.createdAt.toISOString(),
          last_used_at: t.lastUsedAt?.toISOString() ?? null, expires_at: t.expiresAt.toISOString(), status: status(t, now),
        })),
      };
    },

    /** Revokes one of the user's own tokens (another's is 404, as a missing one); revoking twice changes nothing. */
    async revoke(user: SessionUser, id: number, ctx: WriteContext): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const token = await findUserToken(tx, user.userId, id);
        if (!token) throw new NotFoundError(NOT_YOURS);
        if (token.revokedAt) return;
        await revokeToken(tx, token.id, now);
        await auditChange(tx, ctx, now, {
          action: 'revoke_api_token', entity: 'api_token', id: token.id,
          before: { status: status(token, now) }, after: { username: user.username, name: token.name, status: 'revoked' },
        });
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
