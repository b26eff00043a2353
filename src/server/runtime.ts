import type { Config } from './config.js';
import { openPglite, openPostgres, type Db } from './db/client.js';
import { lockDataDir, loadOrCreateJwtSecret } from './db/data-dir.js';
import { loadOrCreateDataKey } from './db/data-key.js';
import { migrate } from './db/migrate.js';
import path from 'node:path';
import { systemClock, type Clock } from './lib/clock.js';
import { createServices, type Services } from './services.js';

export type Runtime = { db: Db; services: Services; jwtSecret: string; close(): Promise<void> };

/**
 * Opens the database named by the configuration (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL),
 * applies the migrations and wires the services. Shared by the server, the CLI and the demo loader.
 */
export async function openRuntime(config: Config, clock: Clock = systemClock): Promise<Runtime> {
  const release = lockDataDir(config.dataDir);
  try {
    const db = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'pglite'));
    await migrate(db);
    const jwtSecret = loadOrCreateJwtSecret(config.dataDir, config.jwtSecret);
    const dataKey = loadOrCreateDataKey(config.dataDir, config.dataKey);
    const services = createServices({ config: { ...config, dataKey }, db, clock, jwtSecret });
    return {
      db,
      services,
      jwtSecret,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * With no admin in the database, creates the first one: from ADMIN_USERNAME/ADMIN_PASSWORD when given,
 * otherwise with a random password printed once (docs/security.md A11: no default credentials). What to sign
 * in with is printed as one boxed block (main.ts prints it after the "running at" line),
 * with the authenticator app the first sign-in will ask for.
 */
export async function ensureFirstAdmin(services: Services, config: Config, print: (line: string) => void): Promise<void> {
  if ((await services.users.countActiveAdmins()) > 0) return;
  const username = config.adminUsername ?? 'admin';
  const { password } = await services.users.createAdmin(username, config.adminPassword, config.adminTotpSecret);
  if (config.adminPassword && process.env.DEMO_ADMIN === '1') {
    // The demo's admin has a published password, listed with the demo logins.
    print(`Created the demo admin "${username}" (its login is listed with the demo logins).`);
    return;
  }
  for (const line of firstAdminBlock({ username, password: config.adminPassword ? null : password, config })) print(line);
}

/** The boxed block of the first admin's login: lines with a border on the left only, so a copied password takes nothing else. */
export function firstAdminBlock({ username, password, config }: { username: string; password: string | null; config: Config }): string[] {
  const secondFactor =
    config.adminMfa === 'optional'
      ? ['Two-factor sign-in is optional here (ADMIN_MFA=optional, for development only).']
      : config.adminTotpSecret
        ? ['Then enter the code of the authenticator app that holds ADMIN_TOTP_SECRET.']
        : [
            'The first sign-in asks you to set up an authenticator app (Google Authenticator,',
            'Microsoft Authenticator, 1Password or any other TOTP app): have your phone at hand,',
            'and keep the recovery codes it shows you.',
          ];
  const body = [
    '',
    `Sign in at http://localhost:${config.port}/ with`,
    `  username: ${username}`,
    `  password: ${password ?? '(the one in ADMIN_PASSWORD)'}`,
    '',
    ...(password ? ['The password is shown only this once: keep it in a password manager.'] : []),
    ...secondFactor,
    `Lost the password? Stop the portal and run: npm run admin -- reset-password ${username}`,
    '',
  ];
  const title = password ? 'First start: the admin account' : `First start: created the admin "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`;
  const width = Math.max(...body.map((l) => l.length), title.length) + 6;
  return ['', `┌─ ${title} ${'─'.repeat(Math.max(2, width - title.length - 3))}`, ...body.map((l) => `│  ${l}`.trimEnd()), `└${'─'.repeat(width)}`, ''];
}
