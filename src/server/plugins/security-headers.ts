import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

const PRIVATE_PREFIXES = ['/auth/', '/admin/', '/api/'];

/**
 * Browser hardening (docs/security.md D1, D2): a strict CSP with no inline script (the compensating control
 * for a token kept in localStorage), no referrer (investor names are in URLs), and no caching of
 * anything the API answers.
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
  // Every API answer is no-store, however its path was spelled: a percent-encoded path reaches the same
  // route, so the matched route decides, and the decoded path catches refusals of unmatched API paths.
  app.addHook('onSend', async (request, reply) => {
    const tableRoute = Boolean(request.routeOptions.config?.endpoint);
    const path = decodedPath(request.url);
    if (PRIVATE_PREFIXES.some((p) => path.startsWith(p)) || (tableRoute && !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
  });
}

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}
