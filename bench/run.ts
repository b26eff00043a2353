/**
 * npm run bench [-- --tiers small,large] [--engines pglite,postgres] [--seconds 10] [--smoke] [--only bank-import|distribution-run|k1-batch]
 *
 * Speed at scale (docs/performance.md): for PGlite, and for PostgreSQL when DATABASE_URL is set, loads each tier
 * (npm run seed:scale; kept under bench/.data and in databases portal_bench_<tier> for the next run),
 * starts the real server on it as an operator would, and drives every endpoint below with autocannon
 * at 32 connections for a fixed time. Prints, per endpoint, requests/s, p50, p99, the throughput ratio
 * to the framework floor (bare Fastify, nothing registered) and to the portal's bare route measured in the same run, non-2xx answers, the server's peak memory and start-up
 * time, and the large/small ratio of p50; writes it all to docs/performance.md with the machine.
 * --smoke (CI): the small tier, two seconds an endpoint, nothing written to docs; it proves the bench
 * runs, it asserts no timing. Last, a bank statement of 10,000 lines is previewed, committed and undone
 * (bank-import.ts), a distribution run for every investor is drafted, approved and undone
 * (distribution-run.ts), and a K-1 for every investor is uploaded, matched and discarded (k1-batch.ts).
 * --only bank-import, --only distribution-run or --only k1-batch: that scenario alone (no investor logins,
 * page loads, endpoints or zip), printed and not written to docs.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { scalePortfolio, TIERS, type TierName } from './scale/portfolio.js';
import { SCALE_ADMIN, seedScale } from './seed-scale.js';
import { bankImportSentence, measureBankImport, type BankImportRun } from './bank-import.js';
import { distributionRunSentence, measureDistributionRun, type DistributionRunScenario } from './distribution-run.js';
import { k1BatchSentence, measureK1Batch, type K1BatchRun } from './k1-batch.js';
import { postgresCpuMs, processCpuMs } from './process-cpu.js';
import { measureStatementsZip, type ZipRun } from './statements-zip.js';
import { investorPageLcp } from './web-lcp.js';
import { webSizes } from './web-sizes.js';
import { startArgs } from '../tests/support/start-command.js';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? '') : undefined;
};
const SMOKE = process.argv.includes('--smoke');
/** One scenario alone, instead of the whole run. */
const SCENARIOS = ['bank-import', 'distribution-run', 'k1-batch'] as const;
const ONLY = arg('only') as (typeof SCENARIOS)[number] | undefined;
if (ONLY !== undefined && !SCENARIOS.includes(ONLY)) throw new Error(`--only takes ${SCENARIOS.join(', ')}, not ${ONLY}`);
const SECONDS = Number(arg('seconds') ?? (SMOKE ? 2 : 10));
const TIER_NAMES = (arg('tiers') ?? 'small').split(',') as TierName[];
const CONNECTIONS = 32;
const DATA = path.resolve('bench/.data');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

type Engine = { name: 'PGlite' | 'PostgreSQL'; env(tier: TierName): Promise<Record<string, string>> };

const pglite: Engine = {
  name: 'PGlite',
  // DATABASE_URL emptied: the PostgreSQL runs' setting must not reach the embedded database's server.
  env: async (tier) => ({ DATA_DIR: path.join(DATA, `pglite-${tier}`), DATABASE_URL: '' }),
};

function postgres(baseUrl: string): Engine {
  return {
    name: 'PostgreSQL',
    async env(tier) {
      const url = new URL(baseUrl);
      const name = `portal_bench_${tier}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      url.pathname = `/${name}`;
      return { DATABASE_URL: url.toString(), DATA_DIR: path.join(DATA, `postgres-${tier}`) };
    },
  };
}

/** Seeds the tier unless an earlier run did. */
async function ensureSeeded(tier: TierName, env: Record<string, string>): Promise<void> {
  const marker = path.join(env.DATA_DIR!, 'seeded');
  if (existsSync(marker)) return;
  mkdirSync(env.DATA_DIR!, { recursive: true });
  await seedScale(tier, 42, { ...process.env, ...env, JWT_SECRET, LOG_LEVEL: 'warn' }, (line) => console.log(`  ${line}`));
  writeFileSync(marker, new Date().toISOString());
}

/** What the server computed ahead of reads after it started (its console says so once: main.ts). */
type Ahead = { answers: number; seconds: number };
type Server = { base: string; pid: number; startupMs: number; ahead: Promise<Ahead>; peakMb(): number; stop(): Promise<void> };

/** A port nobody listens on just now: the kernel's choice (a guessed one may answer from another server). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // As `npm start` runs it: compiled (`npm run bench` builds it first), with its heap limit.
  const child = spawn(process.execPath, startArgs(), {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET, ADMIN_MFA: 'optional', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ahead = new Promise<Ahead>((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const said = /Kept answers are current \((\d+) answers computed ahead of reads in ([\d.]+) s\)/.exec(text);
      if (said) resolve({ answers: Number(said[1]), seconds: Number(said[2]) });
    });
    child.once('exit', () => reject(new Error('the server exited before its answers were current')));
  });
  ahead.catch(() => {});
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - started;
  return {
    base, pid: child.pid!, startupMs, ahead,
    peakMb: () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

/**
 * The framework floor: Fastify with one route and nothing registered (framework-floor-server.mjs), started
 * beside the portal for each run, so every row is also a share of what this stack can do on this machine
 * in the same minute.
 */
async function startFloor(): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('bench/framework-floor-server.mjs')], {
    env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the framework floor exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

/**
 * `auth`: the admin's token, an investor's own (drawn at random from the bench's investor logins), or the
 * admin's personal API token (the MCP connection takes no session). `answered`: what a good answer's body
 * shows, for a call that answers 200 to a failure too (a JSON-RPC error).
 */
type Target = {
  name: string; method?: 'POST'; path: () => string; body?: () => string; auth: boolean | 'investor' | 'api_token'; connections?: number;
  headers?: Record<string, string>; answered?: (body: string) => boolean;
  /** A write that moves money, sent as the web client sends it: with a fresh Idempotency-Key each time. */
  idempotent?: true;
};

/** The MCP tool call measured beside its REST call (issue 32: within 2× of it). */
const MCP_TARGET = 'POST /mcp tools/call investorSummary (API token, random investor)';
const REST_OF_MCP = 'GET /api/investor_summary (admin, random investor)';

const INVESTOR_LOGINS = 20;
const INVESTOR_PASSWORD = 'scale harbor investor 2026';

/** A read-only personal API token of the admin's, for the MCP connection (made through the API, as on the Account page). */
async function readOnlyApiToken(base: string, adminToken: string): Promise<string> {
  const res = await fetch(`${base}/auth/api_tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name: `bench ${Date.now()}`, expires_in_days: 1, read_only: true }),
  });
  if (res.status !== 201) throw new Error(`an API token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Logins for the first investors (made once per database, through the API as an investor would). */
async function investorTokens(base: string, adminToken: string, names: unknown[]): Promise<string[]> {
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const tokens: string[] = [];
  for (const [k, name] of names.slice(0, INVESTOR_LOGINS).entries()) {
    const login = { username: `scale-investor-${k + 1}`, password: INVESTOR_PASSWORD };
    let res = await fetch(`${base}/auth/login`, json(login));
    if (res.status !== 200) {
      const issued = await fetch(`${base}/admin/get_investor_secret?investor_name=${encodeURIComponent(String(name))}`, { headers: { authorization: `Bearer ${adminToken}` } });
      if (issued.status !== 200) throw new Error(`a secret for ${String(name)}: ${issued.status} ${await issued.text()}`);
      const { investor_secret: secret } = (await issued.json()) as { investor_secret: string };
      const registered = await fetch(`${base}/auth/register`, json({ ...login, secret }));
      if (registered.status !== 201) throw new Error(`registering ${login.username}: ${registered.status} ${await registered.text()}`);
      res = await fetch(`${base}/auth/login`, json(login));
    }
    tokens.push(((await res.json()) as { access_token: string }).access_token);
  }
  return tokens;
}

function targets(tier: TierName): Target[] {
  const plan = scalePortfolio(TIERS[tier], 42);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const q = (v: unknown) => encodeURIComponent(String(v));
  const investors = plan.investors.map(([, b]) => b.name);
  const properties = plan.properties.map(([, b]) => b.property_name);
  const llcs = plan.llcs.map(([, b]) => b.llc_name);
  return [
    { name: 'GET /healthz (bare)', path: () => '/healthz', auth: false },
    { name: 'POST /auth/login', method: 'POST', path: () => '/auth/login', body: () => JSON.stringify(SCALE_ADMIN), auth: false },
    { name: 'GET /auth/protected (session check)', path: () => '/auth/protected', auth: true },
    { name: 'GET /api/investor_summary (investors, their own)', path: () => '/api/investor_summary', auth: 'investor' },
    { name: REST_OF_MCP, path: () => `/api/investor_summary?investor_name=${q(pick(investors))}`, auth: true },
    {
      name: MCP_TARGET, method: 'POST', path: () => '/mcp', auth: 'api_token', headers: { accept: 'application/json, text/event-stream' },
      body: () => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'investorSummary', arguments: { investor_name: pick(investors) } } }),
      answered: (body) => body.includes('"result"') && !body.includes('"isError":true'),
    },
    { name: 'GET /api/investor_property', path: () => { const h = pick(plan.holdings); return `/api/investor_property?investor_name=${q(h.investor)}&property_name=${q(h.property)}`; }, auth: true },
    { name: 'GET /admin/get_admin_summary', path: () => '/admin/get_admin_summary', auth: true },
    { name: 'GET /admin/get_property_details', path: () => `/admin/get_property_details?selectedProperty=${q(pick(properties))}`, auth: true },
    { name: 'GET /admin/llc_taxes', path: () => `/admin/llc_taxes?selectedLLC=${q(pick(llcs))}&selectedTaxYear=2024`, auth: true },
    { name: 'GET /admin/property_taxes', path: () => `/admin/property_taxes?selectedProperty=${q(pick(properties))}&selectedTaxYear=2024`, auth: true },
  ];
}

/** Writes: last, since each sends the answers of its LLC's members to be computed again. */
function writeTargets(tier: TierName): Target[] {
  const properties = scalePortfolio(TIERS[tier], 42).properties.map(([, b]) => b.property_name);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  let n = 0;
  const write = (name: string, connections: number): Target => ({
    name, method: 'POST', path: () => '/admin/record_property_income', auth: true, connections, idempotent: true,
    body: () => JSON.stringify({ income_date: '2025-12-04', income_for_month: '2025-12-01', property_name: pick(properties), description: `bench ${Date.now()} ${n++}`, amount: '12.34', income_category: 'Rent' }),
  });
  // One at a time: what one write costs, aggregates and audit row included. 32 at once: how they queue
  // (the audit log's hash chain takes them in turn, by design).
  return [write('POST /admin/record_property_income (write, one at a time)', 1), write(`POST /admin/record_property_income (writes, ${CONNECTIONS} at once)`, CONNECTIONS)];
}

/** `ratio`: to the portal's bare route; `floor`: to the framework floor, both measured in the same run. */
type Row = {
  endpoint: string; rps: number; p50: number; p99: number; ratio: number; floor: number; bad: number;
  /** CPU time a request cost the server process, and PostgreSQL's processes (null on PGlite: it runs in the server), in µs. */
  serverUs: number | null; databaseUs: number | null;
};

type Tokens = { admin: string; investors: string[]; apiToken: string };

async function drive(server: Pick<Server, 'base' | 'pid'>, tokens: Tokens, t: Target, onPostgres = false): Promise<Omit<Row, 'ratio' | 'floor'>> {
  const bearer = () =>
    t.auth === 'investor' ? tokens.investors[Math.floor(Math.random() * tokens.investors.length)]! : t.auth === 'api_token' ? tokens.apiToken : tokens.admin;
  // As a browser asks: it takes gzip, in which the portal keeps and sends its kept answers.
  const headers: Record<string, string> = {
    'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', ...t.headers, ...(t.auth ? { authorization: `Bearer ${bearer()}` } : {}),
  };
  const headersOf = () => ({
    ...headers, ...(t.auth === 'investor' ? { authorization: `Bearer ${bearer()}` } : {}), ...(t.idempotent ? { 'idempotency-key': randomUUID() } : {}),
  });
  // One request first: a cold answer is computed once, then measured as the portal serves it.
  const first = await fetch(server.base + t.path(), { method: t.method ?? 'GET', headers, body: t.body?.() });
  const firstBody = await first.text();
  if (t.answered && !t.answered(firstBody)) throw new Error(`${t.name} does not answer what it should: ${first.status} ${firstBody.slice(0, 300)}`);
  const cpuBefore = { server: processCpuMs(server.pid), database: onPostgres ? postgresCpuMs() : undefined };
  const r = await autocannon({
    url: server.base, connections: t.connections ?? CONNECTIONS, duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, method: t.method ?? 'GET', path: t.path(), headers: headersOf(), ...(t.body ? { body: t.body() } : {}) }) }],
  });
  const perRequest = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined || r.requests.total === 0 ? null : ((after - before) * 1000) / r.requests.total;
  const serverUs = perRequest(cpuBefore.server, processCpuMs(server.pid));
  const databaseUs = onPostgres ? perRequest(cpuBefore.database, postgresCpuMs()) : null;
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) {
    // Say what went wrong, once: a benchmark of refusals measures nothing.
    const sample = await fetch(server.base + t.path(), { method: t.method ?? 'GET', headers, body: t.body?.() });
    console.log(`  ${t.name}: ${bad} answers not 2xx (${r.errors} errors, ${r.timeouts} timeouts); one now: ${sample.status} ${(await sample.text()).slice(0, 200)}`);
  }
  return { endpoint: t.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad, serverUs, databaseUs };
}

type Run = {
  engine: string; tier: TierName; startupMs: number; ahead: Ahead; peakMb: number; lcpMs: number[]; zip: ZipRun | null; rows: Row[];
  /** Each scenario's figures, null when this run left it out (--only another). */
  bankImport: BankImportRun | null; distributionRun: DistributionRunScenario | null; k1Batch: K1BatchRun | null;
  /** The framework floor's requests a second, measured in this run (0 when not measured), and its CPU a request. */
  floorRps: number; floorUs: number | null;
};

/** The statement's account: the tier's first property (a rental) and its LLC, in the year after the seeded ones. */
async function bankImportOf(engine: Engine, tier: TierName, base: string, token: string): Promise<BankImportRun> {
  const plan = scalePortfolio(TIERS[tier], 42);
  const [, property] = plan.properties[0]!;
  const year = TIERS[tier].firstYear + TIERS[tier].years;
  const run = await measureBankImport(base, token, { llcName: String(property.llc), propertyName: String(property.property_name), year }, undefined,
    (line) => console.log(`  ${engine.name} ${tier} bank import: ${line}`));
  console.log(`  ${engine.name} ${tier} bank import: ${bankImportSentence(run)}`);
  return run;
}

/** Dated in the year after the seeded ones, after every seeded entry; its withdrawals are voided after, so every run may use the date. */
async function distributionRunOf(engine: Engine, tier: TierName, base: string, token: string): Promise<DistributionRunScenario> {
  const date = `${TIERS[tier].firstYear + TIERS[tier].years}-01-15`;
  const run = await measureDistributionRun(base, token, date, (line) => console.log(`  ${engine.name} ${tier} distribution run: ${line}`));
  console.log(`  ${engine.name} ${tier} distribution run: ${distributionRunSentence(run)}`);
  return run;
}

/** The K-1s of the last seeded year, by whose end every investor is a member of an LLC. */
async function k1BatchOf(engine: Engine, tier: TierName, server: Server, token: string): Promise<K1BatchRun> {
  const llcNames = scalePortfolio(TIERS[tier], 42).llcs.map(([, b]) => String(b.llc_name));
  const run = await measureK1Batch(server.base, token, server.pid, { llcNames, taxYear: TIERS[tier].firstYear + TIERS[tier].years - 1 },
    (line) => console.log(`  ${engine.name} ${tier} K-1 batch: ${line}`));
  console.log(`  ${engine.name} ${tier} K-1 batch: ${k1BatchSentence(run)}`);
  return run;
}

async function runOne(engine: Engine, tier: TierName): Promise<Run> {
  const env = await engine.env(tier);
  await ensureSeeded(tier, env);
  const server = await startServer(env);
  try {
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SCALE_ADMIN) });
    const token = ((await login.json()) as { access_token: string }).access_token;
    if (ONLY) {
      const ahead = await server.ahead;
      console.log(`  ${engine.name} ${tier}: ${ahead.answers} answers computed ahead of reads in ${ahead.seconds.toFixed(1)} s after start`);
      const bankImport = ONLY === 'bank-import' ? await bankImportOf(engine, tier, server.base, token) : null;
      const distributionRun = ONLY === 'distribution-run' ? await distributionRunOf(engine, tier, server.base, token) : null;
      const k1Batch = ONLY === 'k1-batch' ? await k1BatchOf(engine, tier, server, token) : null;
      return { engine: engine.name, tier, startupMs: server.startupMs, ahead, peakMb: server.peakMb(), lcpMs: [], zip: null, rows: [], bankImport, distributionRun, k1Batch, floorRps: 0, floorUs: null };
    }
    const tokens: Tokens = {
      admin: token,
      investors: await investorTokens(server.base, token, scalePortfolio(TIERS[tier], 42).investors.map(([, b]) => b.name)),
      apiToken: await readOnlyApiToken(server.base, token),
    };
    // The reads are measured as the portal runs: once it has computed its answers ahead (after the
    // previous run's writes, the large tier's first pass recomputes most of them).
    const ahead = await server.ahead;
    console.log(`  ${engine.name} ${tier}: ${ahead.answers} answers computed ahead of reads in ${ahead.seconds.toFixed(1)} s after start`);
    // Before the load: the page as one investor sees it on an otherwise idle server.
    const lcpMs = await investorPageLcp(server.base, { username: 'scale-investor-1', password: INVESTOR_PASSWORD });
    console.log(`  ${engine.name} ${tier} investor page LCP: ${lcpMs.map((v) => v.toFixed(0)).join(', ')} ms`);
    // The framework floor first, then the portal's own rows, in the same minute.
    const floor = await startFloor();
    const floorRow = await drive(floor, tokens, { name: 'GET / (framework floor: bare Fastify, nothing registered)', path: () => '/', auth: false }).finally(() => floor.stop());
    console.log(`  ${engine.name} ${tier} framework floor: ${floorRow.rps.toFixed(0)} req/s, p50 ${floorRow.p50} ms, p99 ${floorRow.p99} ms${cpuWords(floorRow)}`);
    const measured: Omit<Row, 'ratio' | 'floor'>[] = [];
    const measure = async (list: Target[]) => {
      for (const t of list) {
        const row = await drive(server, tokens, t, engine.name === 'PostgreSQL');
        measured.push(row);
        console.log(`  ${engine.name} ${tier} ${row.endpoint}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${cpuWords(row)}${row.bad ? `, ${row.bad} not 2xx` : ''}`);
      }
    };
    await measure(targets(tier));
    // After the reads, as an admin would at a quarter's end: every statement of the last whole year (a quarter in the smoke).
    // At most a minute: the large tier's year (2,000 statements) would take tens of minutes; the rate is the figure.
    const zip = await measureStatementsZip(server.base, tokens.admin, SMOKE ? '2025-10-01' : '2025-01-01', '2025-12-31', ZIP_SECONDS);
    console.log(`  ${engine.name} ${tier} statements zip: ${zipSentence(zip)}`);
    await measure(writeTargets(tier));
    // A write too, and the largest: after the others, so its recomputed answers do not slow their measures.
    const bankImport = await bankImportOf(engine, tier, server.base, token);
    // Then the admin's other large pieces of work, each leaving the books as it found them.
    const distributionRun = await distributionRunOf(engine, tier, server.base, token);
    const k1Batch = await k1BatchOf(engine, tier, server, token);
    const bare = measured[0]!.rps;
    return {
      engine: engine.name, tier, startupMs: server.startupMs, ahead, peakMb: server.peakMb(), lcpMs, zip, bankImport, distributionRun, k1Batch, floorRps: floorRow.rps, floorUs: floorRow.serverUs,
      rows: measured.map((r) => ({ ...r, ratio: r.rps / bare, floor: r.rps / floorRow.rps })),
    };
  } finally {
    await server.stop();
  }
}

/** A row's CPU a request, as the console says it. */
const cpuWords = ({ serverUs, databaseUs }: Pick<Row, 'serverUs' | 'databaseUs'>) =>
  (serverUs === null ? '' : `, ${serverUs.toFixed(0)} µs of the server's CPU`) + (databaseUs === null ? '' : ` and ${databaseUs.toFixed(0)} of PostgreSQL's`) + (serverUs === null && databaseUs === null ? '' : ' a request');

const ZIP_SECONDS = 60;

function zipSentence(zip: ZipRun): string {
  const done = zip.complete
    ? `all ${zip.statements} statements (of ${zip.investors} investors at most) in ${zip.seconds.toFixed(1)} s`
    : `cut off after ${zip.seconds.toFixed(0)} s with ${zip.statements} of at most ${zip.investors} statements (${(zip.statements / zip.seconds).toFixed(1)} a second)`;
  return `${done}, ${zip.megabytes.toFixed(1)} MB; a bare request meanwhile waited ${zip.waitP50.toFixed(0)} ms (median), ${zip.waitMax.toFixed(0)} ms at most.`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function report(runs: Run[]): string {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`;
  const lines = [`Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${CONNECTIONS} connections, ${SECONDS} s per endpoint.`, ''];
  for (const run of runs) {
    const lcp = run.lcpMs.length ? ` Investor page largest contentful paint in Chromium, median of ${run.lcpMs.length} loads: ${median(run.lcpMs).toFixed(0)} ms.` : '';
    lines.push(`### ${run.engine}, ${run.tier} tier`, '', `Start-up to the first answer: ${(run.startupMs / 1000).toFixed(2)} s; then ${run.ahead.answers} answers computed ahead of reads in ${run.ahead.seconds.toFixed(1)} s (the reads below were measured after). Peak server memory (RSS): ${run.peakMb.toFixed(0)} MB.${lcp}`, '');
    if (run.zip) lines.push(`Statements of 2025 for every investor as one zip: ${zipSentence(run.zip)}`, '');
    if (run.bankImport) lines.push(`Bank import: ${bankImportSentence(run.bankImport)}`, '');
    if (run.distributionRun) lines.push(`Distribution run for every investor: ${distributionRunSentence(run.distributionRun)}`, '');
    if (run.k1Batch) lines.push(`K-1s for every investor: ${k1BatchSentence(run.k1Batch)}`, '');
    if (run.rows.length === 0) continue;
    lines.push(`Framework floor (Fastify with one route and nothing registered, same run): ${run.floorRps.toFixed(0)} req/s.`, '');
    const mcp = run.rows.find((r) => r.endpoint === MCP_TARGET);
    const rest = run.rows.find((r) => r.endpoint === REST_OF_MCP);
    if (mcp && rest) {
      lines.push(`An MCP tool call against its REST call (target: within 2×): p50 ${mcp.p50} ms against ${rest.p50} ms (${(mcp.p50 / Math.max(1, rest.p50)).toFixed(2)}×), ${mcp.rps.toFixed(0)} against ${rest.rps.toFixed(0)} req/s (${(rest.rps / Math.max(1, mcp.rps)).toFixed(2)}× fewer).`, '');
    }
    // CPU a request: the server's, and PostgreSQL's on that engine (on PGlite the database runs in the server).
    const us = (v: number | null) => (v === null ? '—' : v.toFixed(0));
    lines.push(`Framework floor's CPU: ${us(run.floorUs)} µs a request.`, '');
    lines.push('| endpoint | req/s | p50 ms | p99 ms | × framework floor | × bare route | server CPU µs a request | PostgreSQL CPU µs a request | not 2xx |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of run.rows) lines.push(`| ${r.endpoint} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.floor * 100).toFixed(1)} % | ${(r.ratio * 100).toFixed(1)} % | ${us(r.serverUs)} | ${us(r.databaseUs)} | ${r.bad} |`);
    lines.push('');
  }
  for (const engine of new Set(runs.map((r) => r.engine))) {
    const small = runs.find((r) => r.engine === engine && r.tier === 'small');
    const large = runs.find((r) => r.engine === engine && r.tier === 'large');
    if (!small?.rows.length || !large?.rows.length) continue;
    lines.push(`### ${engine}: p50 at large ÷ p50 at small`, '', '| endpoint | ratio |', '|---|---:|');
    for (const [k, r] of large.rows.entries()) lines.push(`| ${r.endpoint} | ${(r.p50 / Math.max(1, small.rows[k]!.p50)).toFixed(2)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const wanted = (arg('engines') ?? 'pglite,postgres').split(',');
  const engines = [pglite, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])].filter((e) => wanted.some((w) => e.name.toLowerCase().startsWith(w.toLowerCase())));
  const tiers = SMOKE ? (['small'] as TierName[]) : TIER_NAMES;
  const runs: Run[] = [];
  for (const engine of engines) for (const tier of tiers) runs.push(await runOne(engine, tier));
  const table = report(runs);
  const sizes = ONLY ? '' : webSizes();
  console.log(`\n${table}\n${sizes}`);
  if (SMOKE || ONLY) return;
  const doc = readFileSync('docs/performance.md', 'utf8');
  const marker = '<!-- bench results -->';
  const head = doc.includes(marker) ? doc.slice(0, doc.indexOf(marker)) : doc;
  writeFileSync('docs/performance.md', `${head}${marker}\n\n${table}\n${sizes}\n`);
  console.log('Written to docs/performance.md.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
