import type { Handlers } from '../../http/handlers.js';
import type { ApiTokensService } from './api-tokens.service.js';

/** Personal API tokens of the signed-in user (session-only entries: a token never manages tokens). */
export const apiTokensRoutes = (tokens: ApiTokensService) =>
  ({
    createApiToken: ({ user, body, write }) => tokens.create(user, body, write()),
    apiTokens: ({ user }) => tokens.list(user),
    revokeApiToken: ({ user, body, write }) => tokens.revoke(user, body.id, write()),
  }) satisfies Partial<Handlers>;
