import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFile } from 'node:fs/promises';
import { Manifest } from '../../../contract/manifest.js';
import type { Config } from '../../config.js';

const DEFAULT_LOGO = new URL('../../assets/logo.png', import.meta.url);

/** GET /manifest.json and /logo.png: the product's name, flags and logo, all from configuration. */
export function manifestRoutes(portal: Config['portal']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/manifest.json',
      { config: { policy: 'public' }, schema: { response: { 200: Manifest } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return {
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
        };
      },
    );

    app.get('/logo.png', { config: { policy: 'public' } }, async (_request, reply) => {
      const image = await readFile(portal.logoFile ?? DEFAULT_LOGO);
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(image);
    });
  };
}
