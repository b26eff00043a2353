import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { allowedMethods, methodNotAllowed } from '../http/allowed-methods.js';

const API_PREFIXES = ['/auth/', '/admin/', '/api/'];

/**
 * Serves the built web app from dist/web. Any other GET that is not an API path answers index.html,
 * so the SPA's routes (/investor/Ann, /admin …) survive a reload; API paths keep their JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webRootDir: string): Promise<void> {
  const webRoot = path.resolve(webRootDir);
  // preCompressed: the .br and .gz the build wrote beside each file (vite.config.ts), for browsers that take them.
  await app.register(fastifyStatic, { root: webRoot, serve: false, preCompressed: true });
  const indexExists = () => existsSync(path.join(webRoot, 'index.html'));
  // A name no file can have (a part over 255 bytes: ENAMETOOLONG) is no file either, not a 500.
  const isFile = (p: string) => {
    try {
      return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      return false;
    }
  };

  app.get('/*', { config: { policy: 'public' } }, async (request, reply) => {
    // GET (or HEAD) on a path whose route takes only other methods: 405, not the web app.
    const allowed = allowedMethods(app, request.url);
    if (allowed.length) return methodNotAllowed(reply, request.method, allowed);
    const urlPath = decoded(request.url.split('?')[0] ?? '/');
    // A path that does not decode, or holds a NUL byte, names no file of ours: 404, never a 500.
    if (urlPath === null || urlPath.includes('\0')) return reply.code(404).send({ message: 'Not found.' });
    if (API_PREFIXES.some((p) => urlPath.toLowerCase().startsWith(p))) {
      return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found.' });
    }
    if (!indexExists()) {
      return reply.code(503).send({ message: 'The web app is not built. Run `npm run build`.' });
    }
    const file = path.posix.normalize(urlPath);
    const candidate = path.join(webRoot, file);
    if (candidate.startsWith(webRoot + path.sep) && isFile(candidate)) {
      // Hashed asset names never change content: cache them for a year.
      return file.startsWith('/assets/')
        ? reply.sendFile(file.slice(1), { maxAge: 31_536_000_000, immutable: true })
        : reply.sendFile(file.slice(1));
    }
    if (path.extname(urlPath)) return reply.code(404).send({ message: 'Not found.' });
    // index.html names the current asset hashes: always revalidate it.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

function decoded(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}
