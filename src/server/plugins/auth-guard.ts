import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { Policy } from '../../contract/endpoint.js';
import { ROLES, type Role } from '../../contract/roles.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { SessionUser } from '../modules/auth/auth.repository.js';

/**
 * Deny by default (docs/security.md Z1): every route declares who may call it in `config.policy`, and a
 * route without one stops the server from starting.
 *  - public: anyone; otherwise a signed-in user whose role is one of the route's `roles` (the endpoint
 *    table's, contract/roles.ts), as the database holds it at each request (on PGlite from this process's
 *    memory until it writes anything: db/local-memo.ts), so a demotion takes effect at once (Z6).
 *  - a personal API token never calls a session-only route, and a read-only one only reads (GET).
 */
export type { Policy };

/** The API's own paths: a route there exists only as an entry of the endpoint table. */
const API_PREFIXES = ['/auth/', '/admin/', '/api/'];
/** The API reference's page and files (plugins/api-reference.ts), public like the document itself. */
const REFERENCE_PREFIX = '/api-docs';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /** The roles that may call a route that is not public (contract/endpoint.ts rolesOf). */
    roles?: readonly Role[];
    /** Not for a personal API token: token, password, two-factor and user management. */
    sessionOnly?: true;
    /** A POST that changes nothing (the MCP connection's JSON-RPC, http/mcp/): a read-only token may make it. */
    readsOnly?: true;
    /** The name of the endpoint table's entry the route was registered from. */
    endpoint?: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route with its policy: the authorization matrix, read by the tests (docs/security.md Z4). */
    routePolicies: { method: string; url: string; policy: Policy }[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export function registerAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  const routePolicies: FastifyInstance['routePolicies'] = [];
  app.decorate('routePolicies', routePolicies);

  // Who is asking is checked on the routes that need a signed-in user only, as a hook of that route: a
  // public route (the health check, the manifest, the web app's files) runs no check at all. Each route's
  // hook holds its own config: Fastify's `request.routeOptions` makes a new object at every read.
  const authenticateFor = (config: FastifyContextConfig) => {
    const { policy, sessionOnly, readsOnly } = config;
    // A route outside the table without its own list: as an entry without one (rolesOf), the admin's alone
    // behind the admin policy, every role's otherwise.
    const roles = config.roles ?? (policy === 'admin' ? ['admin'] : ROLES);
    return async (request: FastifyRequest) => {
      const user = (request.user = await auth.authenticate(bearerToken(request)));
      const token = user.apiToken;
      const refused = !roles.includes(user.role) ? 'role' : token && sessionOnly ? 'session_only' : token?.readOnly && request.method !== 'GET' && !readsOnly ? 'read_only_token' : null;
      if (refused) {
        request.log.warn({ event: 'authz_denied', user: user.userId, role: user.role, why: refused, token: token?.id, url: request.url }, 'route refused');
        throw new ForbiddenError(REFUSED_WORDS[refused]);
      }
      // Each use of a personal API token is logged (docs/security.md, "API tokens"): the route's pattern, never its query.
      if (token) request.log.info({ event: 'api_token_use', token: token.id, user: user.userId, method: request.method, path: request.routeOptions.url }, 'api token used');
    };
  };

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { policy?: Policy; endpoint?: string };
    if (!config.policy && route.url.startsWith(REFERENCE_PREFIX)) route.config = { ...config, policy: 'public' };
    const policy = (route.config as { policy?: Policy } | undefined)?.policy;
    if (!policy) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
    if (API_PREFIXES.some((p) => route.url.startsWith(p)) && !config.endpoint) {
      throw new Error(`Route ${route.method} ${route.url} is not an entry of the endpoint table`);
    }
    for (const method of [route.method].flat()) routePolicies.push({ method, url: route.url, policy });
    if (policy !== 'public') route.onRequest = [authenticateFor(route.config as FastifyContextConfig), ...[route.onRequest ?? []].flat()];
  });
}

const REFUSED_WORDS = {
  role: undefined,
  session_only: 'An API token cannot manage tokens, passwords, two-factor sign-in or users: sign in to the portal for that.',
  read_only_token: 'This API token is read-only: it cannot make changes.',
} as const;

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` works too.
  const m = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header) : null;
  if (!m?.[1]) throw new UnauthorizedError();
  return m[1];
}

/** The signed-in user of a route whose policy is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
