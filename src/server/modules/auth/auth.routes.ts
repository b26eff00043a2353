import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminLevelResponse, LoginRequest, ProtectedResponse, RegisterRequest, TokenResponse } from '../../../contract/auth.js';
import { ErrorResponse, MessageResponse } from '../../../contract/common.js';
import { currentUser } from '../../plugins/auth-guard.js';
import type { AuthService } from './auth.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

/** /auth/* and the admin-level check (portal-spec §7). Thin: validate, call one service function, answer. */
export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      { config: { policy: 'public' }, schema: { body: LoginRequest, response: { 200: TokenResponse, ...errors } } },
      async (request) => {
        const { accessToken } = await auth.login({ ...request.body, ip: request.ip });
        return { access_token: accessToken };
      },
    );

    app.post(
      '/auth/register',
      { config: { policy: 'public' }, schema: { body: RegisterRequest, response: { 201: MessageResponse, ...errors } } },
      async (request, reply) => {
        await auth.register({ ...request.body, ip: request.ip });
        return reply.code(201).send({ message: 'Registration successful. You can sign in now.' });
      },
    );

    app.get(
      '/auth/protected',
      { config: { policy: 'authenticated' }, schema: { response: { 200: ProtectedResponse, 401: ErrorResponse } } },
      async (request) => ({ logged_in_as: currentUser(request).username }),
    );

    // Extension: the web app renews its token while the user is active (30-minute tokens, 12-hour cap).
    app.post(
      '/auth/renew',
      { config: { policy: 'authenticated' }, schema: { response: { 200: TokenResponse, 401: ErrorResponse } } },
      async (request) => ({ access_token: (await auth.renew(currentUser(request))).accessToken }),
    );

    app.post(
      '/auth/logout',
      { config: { policy: 'authenticated' }, schema: { response: { 200: MessageResponse, 401: ErrorResponse } } },
      async (request, reply) => {
        await auth.logout(currentUser(request));
        // Tells the browser to drop the stored token too (security.md S8).
        return reply.header('clear-site-data', '"storage"').send({ message: 'Signed out.' });
      },
    );

    // Investors may ask too: the answer 0 is what hides the Admin link (portal-spec §6).
    app.get(
      '/admin/get_admin_level',
      { config: { policy: 'authenticated' }, schema: { response: { 200: AdminLevelResponse, 401: ErrorResponse } } },
      async (request) => ({ admin_level: currentUser(request).adminLevel }),
    );
  };
}
