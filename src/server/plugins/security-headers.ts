import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const PRIVATE_PREFIXES = ['/auth/', '/admin/', '/api/'];

/**
 * Browser hardening (security.md D1, D2): a strict CSP with no inline script (the compensating control
 * for a token kept in localStorage), no referrer (investor names are in URLs), and no caching of
 * anything the API answers.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p))) reply.header('cache-control', 'no-store');
  });
}
