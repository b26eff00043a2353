import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { sha256 } from '../../lib/random.js';
import { deviceLabel } from './notice-mail.js';

/** The device a sign-in comes from: a hash of its device cookie and user agent, and a few words for a person. */
export type SignInDevice = { hash: string; label: string };

const COOKIE = 'portal_device';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{32}$/;
const FOUR_HUNDRED_DAYS = 400 * 24 * 3600;
/** The calls that can open a session (auth.service.ts openSession). */
const SIGN_IN_PATHS = new Set(['/auth/login', '/auth/mfa', '/auth/totp/confirm', '/auth/register']);

const current = new AsyncLocalStorage<SignInDevice>();

/** The device of the sign-in being handled, or undefined outside one (the CLI, a test calling a service). */
export const currentSignInDevice = (): SignInDevice | undefined => current.getStore();

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * On the sign-in calls, names the device (docs/decisions.md, "Notices through an outbox"): a random
 * value in a long-lived cookie (HttpOnly, only sent to /auth), given on the first sign-in from a
 * browser, hashed with the user agent. The handler runs inside the hook's context, so the session it
 * opens reads the device without the route passing it along.
 */
export function registerSignInDevice(app: FastifyInstance): void {
  const nameDevice: preHandlerHookHandler = (request, reply, done) => {
    let id = cookieOf(request.headers.cookie);
    if (!id || !COOKIE_VALUE.test(id)) {
      id = randomBytes(24).toString('base64url');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${COOKIE}=${id}; Path=/auth; Max-Age=${FOUR_HUNDRED_DAYS}; HttpOnly; SameSite=Strict${secure}`);
    }
    const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 1000);
    current.run({ hash: sha256(`${id}\n${userAgent}`), label: deviceLabel(userAgent) }, done);
  };
  // A hook of the sign-in routes alone, not of every request: the others never look for a device. They
  // must be registered after this (app.ts): a server where one was not hooked does not start.
  const hooked = new Set<string>();
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().includes('POST') && SIGN_IN_PATHS.has(route.url)) {
      route.preHandler = [...[route.preHandler ?? []].flat(), nameDevice];
      hooked.add(route.url);
    }
  });
  app.addHook('onReady', (done) => {
    const missed = [...SIGN_IN_PATHS].filter((path) => !hooked.has(path));
    done(missed.length ? new Error(`Sign-in routes registered before their device hook: ${missed.join(', ')}`) : undefined);
  });
}
