import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';

/** The methods a 405's `Allow` names, in the order it names them. */
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods a path has a route for (Fastify answers HEAD for every GET route), or none. A match of a
 * wildcard (the web app's `/*`, the API reference's files) is no route of its own: the web app serves
 * any path, and a wrong method there stays a 404.
 */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  const path = url.split('?')[0] ?? '';
  // A path that does not decode names no route (the router would answer its bad-address stand-in).
  if (!decodes(path)) return [];
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in (found.params as Record<string, unknown>));
  });
}

/**
 * A wrong method on a route's path (RFC 9110 §15.5.6): 405 naming the methods that
 * are, never a 404 that suggests the path does not exist.
 */
export function methodNotAllowed(reply: FastifyReply, method: string, allowed: HTTPMethods[]): FastifyReply {
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .header('cache-control', 'no-store')
    .send({ message: `This address does not take ${method} requests, only ${allowed.join(', ')}.` });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
