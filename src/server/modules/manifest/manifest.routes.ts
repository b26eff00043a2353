import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import type { Config } from '../../config.js';
import type { Handlers } from '../../http/handlers.js';
import { DEFAULT_LOGO } from '../../lib/portal-logo.js';

/** GET /manifest.json: the product's name and flags, all from configuration. */
export const manifestRoutes = (portal: Config['portal']) =>
  ({
    manifest: async () => ({
      name: portal.name,
      short_name: portal.name,
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f5fbf',
      background_color: '#f6f7f9',
      icons: [{ src: '/logo.png', sizes: '192x192', type: 'image/png' }],
      logo: portal.logo,
      loren: portal.loren,
      loren_selector: portal.lorenSelector,
      group_land_contract: portal.groupLandContract,
    }),
  }) satisfies Partial<Handlers>;

/** GET /logo.png: a static asset, not an API call, so it is served beside the SPA, not from the table. */
export function registerLogo(app: FastifyInstance, portal: Config['portal']): void {
  app.get('/logo.png', { config: { policy: 'public' } }, async (_request, reply) => {
    const image = await readFile(portal.logoFile ?? DEFAULT_LOGO);
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(image);
  });
}
