/**
 * How the investor summary scales with the size of the books (architecture.md "Scale").
 *
 * Seeds a portfolio of 50 investors, 100 properties in 5 LLCs and N ledger rows over three years,
 * then times GET /api/investor_summary for one investor through the real app (inject, no network).
 * Run: npm run bench  (BENCH_ROWS=100000 by default; BENCH_DATABASE_URL=postgres://… for a server:
 * its public schema is dropped and recreated, so point it at a scratch database).
 * The figure that matters is the ratio between book sizes: a summary must cost in proportion to what
 * the investor sees, not to the whole ledger. Machines here are shared and noisy: compare ratios.
 */
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openPglite, openPostgres, type Db } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { manualClock } from '../src/server/lib/clock.js';
import { createServices } from '../src/server/services.js';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SIZES = [ROWS / 10, ROWS].map(Math.round);

async function openDb(): Promise<Db> {
  if (!process.env.BENCH_DATABASE_URL) return openPglite();
  const db = await openPostgres(process.env.BENCH_DATABASE_URL);
  await db.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  return db;
}

/** Inserts `rows` entries in batches straight into the ledger (the bench measures reads, not writes). */
async function seed(db: Db, rows: number, adminId: number) {
  await db.exec(`INSERT INTO llc (name) SELECT 'LLC ' || g FROM generate_series(1, 5) g`);
  await db.exec(`INSERT INTO property (name, llc_id, property_type, tax_bucket, purchase_date, purchase_price_cents, land_value_cents, property_value_cents)
    SELECT 'Property ' || g, (SELECT id FROM llc ORDER BY id OFFSET (g % 5) LIMIT 1), 'rental', 'rental', '2022-01-01', 20000000, 4000000, 25000000
      FROM generate_series(1, 100) g`);
  await db.exec(`INSERT INTO investor (name) SELECT 'Investor ' || g FROM generate_series(1, 50) g`);
  await db.exec(`INSERT INTO investor_fee (investor_id, effective_month, fee_bps) SELECT id, '1900-01-01', 1000 FROM investor`);
  // Each investor holds 4 properties from the start.
  await db.query(`INSERT INTO ledger_entry (kind, date, for_month, amount_cents, investor_id, property_id, created_by)
    SELECT 'investment', '2023-01-05', '2023-01-01', 5000000, i.id, p.id, $1
      FROM investor i JOIN property p ON (p.id % 50) IN (i.id % 50, (i.id + 13) % 50) AND p.id % 2 = i.id % 2`, [adminId]);
  const rent = (await db.query<{ id: number }>(`SELECT id FROM category WHERE name = 'Rent'`))[0]!.id;
  const repairs = (await db.query<{ id: number }>(`SELECT id FROM category WHERE name = 'Repairs'`))[0]!.id;
  const batch = 5000;
  for (let done = 0; done < rows; done += batch) {
    const n = Math.min(batch, rows - done);
    await db.query(
      `INSERT INTO ledger_entry (kind, date, for_month, amount_cents, property_id, category_id, description, created_by)
       SELECT CASE WHEN g % 3 = 0 THEN 'property_expense' ELSE 'property_income' END,
              d, date_trunc('month', d)::date, 1000 + (g * 7919) % 200000, 1 + (g % 100),
              CASE WHEN g % 3 = 0 THEN $2::int ELSE $3::int END, 'bench', $4
         FROM (SELECT g, ('2023-01-01'::date + ((g * 37) % 1095)) AS d FROM generate_series($1::int, $1::int + $5::int - 1) g) s`,
      [done, repairs, rent, adminId, n],
    );
  }
  await db.exec('ANALYZE');
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function run(rows: number) {
  const db = await openDb();
  await migrate(db);
  const config = loadConfig({ JWT_SECRET: SECRET, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const services = createServices({ config, db, clock: manualClock(new Date('2025-12-31T12:00:00Z')), jwtSecret: SECRET });
  await services.users.createAdmin('bench', 'violet harbor lantern 99');
  const adminId = (await db.query<{ id: number }>('SELECT id FROM portal_user'))[0]!.id;
  const t0 = performance.now();
  await seed(db, rows, adminId);
  const seedMs = performance.now() - t0;
  const app = await buildApp({ config, db, services, logger: false });
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'bench', password: 'violet harbor lantern 99' } });
  const auth = { authorization: `Bearer ${login.json().access_token}` };
  const times: number[] = [];
  for (let k = 0; k < 25; k++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/investor_summary?investor_name=Investor%20${1 + (k % 50)}`, headers: auth });
    if (res.statusCode !== 200) throw new Error(res.body);
    if (k >= 5) times.push(performance.now() - t); // the first calls warm the caches
  }
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
  await app.close();
  await db.close();
  return { rows: count!.n, seedMs: Math.round(seedMs), ...stats(times) };
}

const results = [];
for (const size of SIZES) results.push(await run(size));
console.log(`investor_summary on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (median and p95 of 20 calls, ms):`);
for (const r of results) console.log(`  ${String(r.rows).padStart(7)} rows: median ${r.median.toFixed(1)}, p95 ${r.p95.toFixed(1)} (seeded in ${r.seedMs} ms)`);
const ratio = results[1]!.median / results[0]!.median;
console.log(`  10× the rows costs ${ratio.toFixed(2)}× the time per summary`);
