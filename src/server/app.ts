import Fastify, { type FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { projectPath } from './lib/project-files.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerBoundedJson } from './plugins/input-bounds.js';
import { answerConnectionError, answerFrameworkError } from './plugins/framework-errors.js';
import { safeError } from './plugins/safe-error.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSpa } from './plugins/spa.js';
import { QuietRequestLog } from './plugins/request-log.js';
import { lazyChildLogger } from './plugins/lazy-request-logger.js';
import { registerApiReference } from './plugins/api-reference.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerEndpoints } from './http/register-endpoints.js';
import { registerMcp } from './http/mcp/mcp-route.js';
import { createToolReads } from './http/mcp/tool-reads.js';
import { registerMultipart } from './http/multipart-body.js';
import { allRoutes } from './http/routes.js';
import { registerLogo } from './modules/manifest/manifest.routes.js';
import { registerPictureFiles } from './modules/pictures/pictures.routes.js';
import { registerSignInDevice } from './modules/notices/sign-in-device.js';
import type { Db } from './db/client.js';
import type { Services } from './services.js';

export const DEFAULT_WEB_ROOT = projectPath('dist/web/');

export type AppDeps = {
  config: Config;
  db: Db;
  services: Services;
  /** false in tests that read no logs; otherwise pino options. */
  logger?: boolean | Record<string, unknown>;
  /** Where the app's own JSON log goes (default stdout): a test reads it back to prove nothing secret is in it. */
  logStream?: NodeJS.WritableStream;
  webRoot?: string;
};

/** Builds the HTTP app without listening: main.ts listens, tests call inject() or listen on port 0. */
export async function buildApp({ config, db, services, logger, logStream, webRoot = DEFAULT_WEB_ROOT }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Secrets never reach the logs (docs/security.md E3).
      redact: ['req.headers.authorization', '*.password', '*.secret', '*.access_token', '*.investor_secret', '*.mfa_token',
        '*.current_password', '*.new_password', '*.tax_id', '*.account_number'],
      // An error is logged without absolute file-system paths (plugins/safe-error.ts).
      serializers: { err: safeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Each request's own two lines at debug; refusals and errors as before (plugins/request-log.ts).
    logController: new QuietRequestLog(),
    // Each request's pino child is made only when it writes a line (plugins/lazy-request-logger.ts).
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 64 * 1024, // docs/security.md P1
    // Slow clients cannot hold the server (docs/security.md P3, P4; README, Operations): a request must
    // arrive whole within REQUEST_TIMEOUT_SECONDS (30 s), its headers within two thirds of it, an idle
    // connection closes after 60 s, a kept-alive one after 10 s. Node checks for late requests every
    // tenth of the limit (its default of 30 s would let a slow client stay up to twice as long).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    http: { connectionsCheckingInterval: Math.max(100, config.requestTimeoutSeconds * 100) },
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Refusals before routing answer in the portal's shape, with its headers (plugins/framework-errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerConnectionError,
  }).withTypeProvider<ZodTypeProvider>();

  app.server.headersTimeout = Math.round((config.requestTimeoutSeconds * 2000) / 3);
  // A socket asked for its peer's address keeps the answer; one never asked answers undefined once the
  // client has hung up. Asked once per connection here, so a write whose client hangs up before the
  // handler reads `request.ip` still records where it came from (and its audit row verifies).
  app.server.on('connection', (socket: Socket) => void socket.remoteAddress);
  app.setValidatorCompiler(validatorCompiler);
  // Answers checked against their schema, parsed forward where that answers the same (http/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerAuthGuard(app, services.auth);
  // Bounded input: JSON's depth checked on its text before parsing, then depth, width and
  // text checked on every query and body before validation, the first recursive work on them.
  registerBoundedJson(app);
  registerTextGuard(app);
  await registerSecurityHeaders(app);

  await registerMultipart(app);
  await registerApiReference(app);
  registerSignInDevice(app);
  // The e-mail sender stops with the app (it is started by main.ts, or by a test).
  app.addHook('onClose', () => services.noticeSender.stop());
  const handlers = allRoutes(config, db, services);
  registerEndpoints(app, handlers, services.staff.checkAuditorScope, services.longWork);
  // The MCP connection (docs/mcp.md): the table's reads as an assistant's tools, for a personal API token.
  registerMcp(app, createToolReads(handlers, services.staff.checkAuditorScope));
  registerLogo(app, config.portal);
  registerPictureFiles(app, services.pictures);
  await registerSpa(app, webRoot);
  return app;
}
