import type { Config } from './config.js';
import { openPglite, openPostgres, type Db } from './db/client.js';
import { lockDataDir, loadOrCreateJwtSecret } from './db/data-dir.js';
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
    const services = createServices({ config, db, clock, jwtSecret });
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
 * otherwise with a random password printed once (security.md A11: no default credentials).
 */
export async function ensureFirstAdmin(services: Services, config: Config, print: (line: string) => void): Promise<void> {
  if ((await services.users.countActiveAdmins()) > 0) return;
  const username = config.adminUsername ?? 'admin';
  const { password } = await services.users.createAdmin(username, config.adminPassword, config.adminTotpSecret);
  if (config.adminPassword) {
    // Say exactly where the account came from: the demo sets its own, an operator sets the variables.
    print(process.env.DEMO_ADMIN === '1'
      ? `Created the demo admin "${username}" (password printed below).`
      : `Created the first admin "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else {
    print('');
    print('  First start: created the admin account');
    print(`    username: ${username}`);
    print(`    password: ${password}`);
    print('  This password is shown only this once. Change it with `npm run admin -- reset-password ' + username + '`.');
    print('');
  }
}
