import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Browser hardening (docs/security.md D1, D2): a strict CSP with no inline script (the compensating control
 * for a token kept in localStorage), no referrer (investor names are in URLs), and no caching of
 * anything the API answers (set where the answer is made: see below).
 *
 * Helmet's headers are the same for every answer (no directive depends on the request), so they are
 * taken once from helmet itself: @fastify/helmet 13 builds the middleware (and parses the policy) again
 * for every request, about 2 % of the server's time under load (docs/performance.md). The answers given before
 * any route or hook runs (plugins/framework-errors.ts) send the same headers from this record.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = recordHeaders(helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'https:', 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false, // property pictures may come from other https hosts
}));

/** The headers a helmet middleware sets, by running it once on a stand-in response. */
function recordHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  let failed: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const entries = Object.entries(SECURITY_HEADERS);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  // No caching of what the API answers (D1) is decided where each answer is made, not by a hook every
  // request would run: a table route's handler (http/register-endpoints.ts), every refusal (error-handler.ts)
  // and an unknown API path (spa.ts), however the path was spelled, since a percent-encoded path reaches
  // the same route or the same refusal.
}
