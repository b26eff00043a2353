import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { createServices, type Services } from '../../src/server/services.js';
import { openTestDb, type DbKind, type TestDb } from './test-db.js';

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

/**
 * The real app on a real, fresh database, with a clock the test can move. Env overrides go through the
 * same config loader as production.
 */
export async function startTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: { webRoot?: string } = {},
): Promise<TestApp> {
  const testDb = await openTestDb(kind);
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = manualClock(new Date('2026-01-15T12:00:00Z'));
  const services = createServices({ config, db: testDb.db, clock, jwtSecret: TEST_JWT_SECRET });
  await services.users.createAdmin(ADMIN.username, ADMIN.password);
  const app = await buildApp({ config, db: testDb.db, services, logger: false, webRoot: opts.webRoot });
  return {
    app,
    services,
    testDb,
    config,
    clock,
    async close() {
      await app.close();
      await testDb.drop();
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

/** An investor with a portal login, made the way production makes one: secret, then registration. */
export async function createInvestorWithLogin(
  t: TestApp,
  name: string,
  login = { username: name.toLowerCase().replace(/\W+/g, '.'), password: 'amber canyon whistle 77' },
): Promise<{ username: string; password: string; token: string }> {
  const { secret } = await t.services.investors.addInvestor(
    { name, email: '', phone: '', address: '', fee_percentage: '0' },
    { userId: null, ip: null },
  );
  const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...login, secret } });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return { ...login, token: await signIn(t.app, login.username, login.password) };
}
