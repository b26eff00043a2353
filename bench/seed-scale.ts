/**
 * npm run seed:scale -- --tier small|large [--seed 42]
 *
 * Fills an empty portal database (DATA_DIR's PGlite, or DATABASE_URL) with a synthetic portfolio of the
 * tier's size (bench/scale/portfolio.ts), through the batched loader (bench/scale/load.ts), and creates
 * the admin `scale-admin` the benchmark signs in as. Refuses a database that already holds entries: it is
 * for scratch databases only. Prints progress while it runs.
 */
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openRuntime } from '../src/server/runtime.js';
import { loadBatched } from './scale/load.js';
import { scalePortfolio, TIERS, type TierName } from './scale/portfolio.js';

export const SCALE_ADMIN = { username: 'scale-admin', password: 'scale harbor ledger 2026' };

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

export async function seedScale(
  tierName: TierName,
  seed: number,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<number> {
  const config = loadConfig({ ...env, ADMIN_MFA: 'optional', ADMIN_PASSWORD: undefined, DEMO_DATA: undefined, LOG_LEVEL: 'warn' });
  const runtime = await openRuntime(config);
  try {
    const [{ entries } = { entries: 0 }] = await runtime.db.query<{ entries: number }>('SELECT count(*)::int AS entries FROM ledger_entry');
    if (entries > 0) throw new Error(`This database already holds ${entries} ledger entries; seed:scale only fills an empty one.`);
    await runtime.services.users.createAdmin(SCALE_ADMIN.username, SCALE_ADMIN.password);
    const [admin] = await runtime.db.query<{ id: number }>('SELECT id FROM portal_user WHERE username = $1', [SCALE_ADMIN.username]);
    const app = await buildApp({ config, db: runtime.db, services: runtime.services, logger: false });
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: SCALE_ADMIN });
    const token = (login.json() as { access_token: string }).access_token;
    const tier = TIERS[tierName];
    log(`Seeding the ${tierName} tier: ${tier.llcs} LLCs, ${tier.properties} properties, ${tier.investors} investors, ${tier.years} years from ${tier.firstYear} (seed ${seed}).`);
    const started = performance.now();
    const count = await loadBatched(app, runtime.db, token, admin!.id, scalePortfolio(tier, seed), (done, what) =>
      log(`  … ${done.toLocaleString('en-US')} ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)`),
    );
    await runtime.db.exec('ANALYZE');
    const seconds = (performance.now() - started) / 1000;
    log(`Loaded ${count.toLocaleString('en-US')} ledger entries in ${seconds.toFixed(1)} s. Sign in as ${SCALE_ADMIN.username} / ${SCALE_ADMIN.password}.`);
    await app.close();
    return count;
  } finally {
    await runtime.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tier = arg('tier', 'small');
  if (!(tier in TIERS)) {
    console.error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
    process.exit(2);
  }
  seedScale(tier as TierName, Number(arg('seed', '42'))).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
