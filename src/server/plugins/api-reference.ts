import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * GET /openapi.json (OpenAPI 3.1), generated from the endpoint table's schemas as the routes register,
 * and the reference page at /api-docs: Swagger UI served from the package (no CDN), under the same
 * strict CSP as the app. Only the table's routes are documented; the SPA and the logo are files.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Investor portal API',
        version: '1',
        description:
          'Every call of the portal. Amounts are sent as decimal text or JSON numbers with at most two decimals and answered ' +
          'as dollars; dates are YYYY-MM-DD; errors answer `{ "message" }` in plain words. See docs/api.md for the rules.\n\n' +
          'Every text of a query or a body (and every field name) is refused with 400 when it holds a control character ' +
          '(U+0000–U+001F and U+007F–U+009F, except tab, line feed and carriage return) or broken Unicode (a lone ' +
          'surrogate). Each field states the other rules it enforces: lengths, patterns, formats, ranges and choices. ' +
          'Each operation lists every refusal it can answer.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    hideUntagged: true,
  });
  app.get('/openapi.json', { config: { policy: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    // The page's own scripts and styles are files of the package: nothing inline, so the CSP stays as it is.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    uiHooks: {
      onRequest: async () => undefined,
    },
  });
}
