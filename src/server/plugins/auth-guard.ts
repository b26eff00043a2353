import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { SessionUser } from '../modules/auth/auth.repository.js';

/**
 * Deny by default (security.md Z1): every route declares who may call it in `config.policy`, and a
 * route without one stops the server from starting.
 *  - public: anyone;  authenticated: any signed-in user;  admin: admin_level > 0, read from the
 *    database on each request so a demotion takes effect at once (Z6).
 */
export type Policy = 'public' | 'authenticated' | 'admin';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route with its policy: the authorization matrix, read by the tests (security.md Z4). */
    routePolicies: { method: string; url: string; policy: Policy }[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export function registerAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  const routePolicies: FastifyInstance['routePolicies'] = [];
  app.decorate('routePolicies', routePolicies);

  app.addHook('onRoute', (route) => {
    const policy = (route.config as { policy?: Policy } | undefined)?.policy;
    if (!policy) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
    for (const method of [route.method].flat()) routePolicies.push({ method, url: route.url, policy });
  });

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy === 'public') return;
    request.user = await auth.authenticate(bearerToken(request));
    if (policy === 'admin' && request.user.adminLevel <= 0) {
      request.log.warn({ event: 'authz_denied', user: request.user.userId, url: request.url }, 'admin route refused');
      throw new ForbiddenError();
    }
  });
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const m = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  if (!m?.[1]) throw new UnauthorizedError();
  return m[1];
}

/** The signed-in user of a route whose policy is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
