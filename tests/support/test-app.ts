import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { AddInvestorRequest } from '../../src/contract/schemas/master-data.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { createServices, type Services } from '../../src/server/services.js';
import { reconcileAtClose } from './reconcile.js';
import { shareOnce } from './shared-templates.js';
import { openTemplateDb, openTestDb, runTemplates, templateAt, type DbKind, type SealableTestDb, type TestDb, type TestDbTemplate } from './test-db.js';

export const ADMIN = { username: 'admin', password: 'violet ferry lantern 42' };
export const TEST_JWT_SECRET = 'test-secret-for-the-suite-only-0123456789abcdef';

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  testDb: TestDb;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
};

/** webRoot: serve the built web app; logStream: the app's real JSON log (with its redaction), to read back. */
export type TestAppOptions = { webRoot?: string; logStream?: NodeJS.WritableStream };

/**
 * The real app on a real, fresh database, with a clock the test can move. Env overrides go through the
 * same config loader as production.
 */
export async function startTestApp(kind: DbKind, env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  return startOn(await openTestDb(kind), env, opts, { firstAdmin: true });
}

/** Books written once through the real app, then copied: each `start()` is a fresh app on its own copy. */
export type AppTemplate<S = void> = {
  /** What the writing answered (tokens, ids): valid on every copy, which holds the same rows. */
  state: S;
  /** Where an operator's command opens these books (see TestDbTemplate). */
  location: TestDbTemplate['location'];
  start(env?: Record<string, string>, opts?: TestAppOptions): Promise<TestApp>;
  /** A further template: a copy of these books with more written into it. */
  extend<T>(write: (t: TestApp, state: S) => Promise<T>): Promise<AppTemplate<T>>;
  close(): Promise<void>;
};

/**
 * Starts the app on a fresh database, lets `write` fill it through the app as the tests would, and keeps
 * the result as a template. Give each test that writes its own `start()`: what it writes, no other test
 * reads, and none of them pays for starting a database and recording the same books again.
 */
export async function buildAppTemplate<S>(
  kind: DbKind,
  write: (t: TestApp) => Promise<S>,
  env: Record<string, string> = {},
): Promise<AppTemplate<S>> {
  return writeTemplate(await openTemplateDb(kind), { firstAdmin: true }, write, env);
}

async function writeTemplate<S>(
  testDb: SealableTestDb,
  { firstAdmin }: { firstAdmin: boolean },
  write: (t: TestApp) => Promise<S>,
  env: Record<string, string>,
): Promise<AppTemplate<S>> {
  const t = await startOn(testDb, env, {}, { firstAdmin });
  let state: S;
  try {
    state = await write(t);
    await t.app.close();
  } catch (err) {
    await t.close();
    throw err;
  }
  return appTemplateOn(await testDb.seal(), state, env);
}

function appTemplateOn<S>(template: TestDbTemplate, state: S, env: Record<string, string>): AppTemplate<S> {
  return {
    state,
    location: template.location,
    start: async (startEnv = env, opts = {}) => startOn(await template.copy(), startEnv, opts, { firstAdmin: false }),
    extend: async (more) => writeTemplate(await template.copy(), { firstAdmin: false }, (copy) => more(copy, state), env),
    close: () => template.drop(),
  };
}

/**
 * Like buildAppTemplate, but the books are written once for the whole run, by the first test file that
 * asks for `key`, and every file copies them (tests/support/shared-templates.ts). The state must survive
 * JSON (tokens and ids do). Writing them must depend on nothing but `key`, `kind` and `env`; `close()`
 * leaves them for the others (the run removes them at its end).
 */
export async function sharedAppTemplate<S>(
  key: string,
  kind: DbKind,
  write: (t: TestApp) => Promise<S>,
  env: Record<string, string> = {},
): Promise<AppTemplate<S>> {
  const dir = runTemplates()?.sharedDir;
  if (!dir) return buildAppTemplate(kind, write, env);
  const name = `${kind}-${createHash('sha256').update(JSON.stringify([key, env])).digest('hex').slice(0, 16)}`;
  const shared = await shareOnce(dir, name, async () => {
    const built = await buildAppTemplate(kind, write, env);
    return { kind, location: built.location, state: built.state };
  });
  return appTemplateOn(templateAt(kind, shared.location), shared.state as S, env);
}

async function startOn(
  testDb: TestDb,
  env: Record<string, string>,
  opts: TestAppOptions,
  { firstAdmin }: { firstAdmin: boolean },
): Promise<TestApp> {
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The suite signs the admin in hundreds of times; tests/integration/mfa.test.ts runs with it required.
    ADMIN_MFA: 'optional',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = manualClock(new Date('2026-01-15T12:00:00Z'));
  const services = createServices({ config, db: testDb.db, clock, jwtSecret: TEST_JWT_SECRET });
  if (firstAdmin) await services.users.createAdmin(ADMIN.username, ADMIN.password);
  const app = await buildApp({ config, db: testDb.db, services, logger: opts.logStream ? undefined : false, logStream: opts.logStream, webRoot: opts.webRoot });
  return {
    app,
    services,
    testDb,
    config,
    clock,
    async close() {
      try {
        // The books must reconcile when a test is done with them (docs/security.md L8, tests/support/reconcile.ts):
        // a difference fails the test's teardown with the difference named. The check is skipped only when
        // the database cannot be reached (a test that stopped, broke or already closed it on purpose), or
        // for a test that edits the tables behind the app's back and said so with skipReconciliation().
        await reconcileAtClose({ db: testDb.db, services });
      } finally {
        await app.close();
        await testDb.drop();
      }
    },
  };
}

/** Signs in through the API and returns the token. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

export const bearer = (token: string): InjectOptions['headers'] => ({ authorization: `Bearer ${token}` });

/**
 * Writes through the API with `token`, for setting up what a test reads (not for testing the write): answers
 * the JSON of a success and throws with the answer of a refusal.
 */
export const seedAs =
  (t: TestApp, token: string) =>
  async (url: string, payload: object): Promise<Record<string, unknown>> => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

/**
 * Adds an investor through the service, the fields as the Add New Investor form sends them: the contract
 * parses them into what the service takes (the fee in basis points).
 */
export const addInvestor = (t: TestApp, fields: z.input<typeof AddInvestorRequest>, ip: string | null = null) =>
  t.services.investors.addInvestor(AddInvestorRequest.parse(fields), { userId: null, ip });

/** An investor with a portal login, made the way production makes one: secret, then registration. */
export async function createInvestorWithLogin(
  t: TestApp,
  name: string,
  login = { username: name.toLowerCase().replace(/\W+/g, '.'), password: 'amber canyon whistle 77' },
): Promise<{ username: string; password: string; token: string }> {
  const { secret } = await addInvestor(t, { name, email: '', phone: '', address: '', fee_percentage: '0' });
  const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...login, secret } });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return { ...login, token: await signIn(t.app, login.username, login.password) };
}
