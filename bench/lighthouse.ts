import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_INVESTORS, DEMO_PASSWORD } from '../src/server/demo/demo-data.js';
import { startArgs } from '../tests/support/start-command.js';

/**
 * Lighthouse 12.2.3 (pinned in devDependencies: newer versions want Node 22), its default mobile preset
 * (a mid-range phone, slow 4G and a 4× slower CPU, simulated), on the sign-in page and an investor's
 * page of the demo portfolio (docs/performance.md: main-thread work under 200 ms on the investor page,
 * performance ≥ 95 on both).
 *
 *   npm run lighthouse [-- --runs 3 --keep]
 *
 * `npm run lighthouse` builds first, then this starts the compiled server as `npm start` runs it, on
 * the demo books in a new data directory, waits until its answers are computed ahead of reads (so the
 * server is idle while the page is measured), and runs Lighthouse `--runs` times per page in Debian's
 * Chromium (CHROMIUM_PATH to use another), each run in a new browser with an empty cache. The investor
 * page is signed in: the token is put in localStorage under "token" (lib/session.ts) on the portal's
 * origin first, then the page is loaded with storage kept and the cache emptied. Prints each run and
 * the median of each figure; --keep leaves the last run's JSON reports in test-results/lighthouse.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_INVESTOR = DEMO_INVESTORS[0];

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, keep: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(args.runs));

type Figures = { score: number; tbt: number; mainThread: number; lcp: number; fcp: number };

/** The compiled server on the demo books; resolves once its first pass of answers ahead of reads is done. */
async function startDemoPortal(): Promise<{ base: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const port = 20000 + Math.floor(Math.random() * 5000);
  const child = spawn(process.execPath, startArgs(), {
    env: {
      ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: '1',
      PORTAL_NAME: 'Maple & Cedar Investors', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'quiet ledger sunrise 24', ADMIN_MFA: 'optional',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Kept answers are current')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the portal exited with ${code}:\n${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, dir };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_INVESTOR.username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in as ${DEMO_INVESTOR.username} answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One Lighthouse run in a new Chromium; with a token, it is stored on the origin before the page loads. */
async function measure(url: string, token: string | null): Promise<{ figures: Figures; lhr: Result }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    if (token) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A page of the origin that loads none of the web app, so nothing of it is cached before the run.
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.disconnect();
      // Lighthouse would clear the origin's storage, the token with it; the cache is empty all the same.
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (token && !lhr.finalDisplayedUrl.includes('/investor')) throw new Error(`the investor page went to ${lhr.finalDisplayedUrl}: not signed in`);
    const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      lhr,
      figures: {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: ms('total-blocking-time'),
        mainThread: ms('mainthread-work-breakdown'),
        lcp: ms('largest-contentful-paint'),
        fcp: ms('first-contentful-paint'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Chromium's trace sometimes misses the navigation's start (NO_NAVSTART) on a busy machine: that run
 * measured nothing, so it is taken again, at most twice, and said so.
 */
async function measureRetrying(url: string, token: string | null): ReturnType<typeof measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, token);
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('NO_NAVSTART')) throw e;
      console.log(`  (no navigation start in the trace; running again, attempt ${attempt + 1})`);
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const row = (name: string, f: Figures) =>
  `| ${name} | ${f.score} | ${Math.round(f.tbt)} | ${Math.round(f.mainThread)} | ${Math.round(f.lcp)} | ${Math.round(f.fcp)} |`;

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  if (!existsSync('dist/web/index.html')) throw new Error('No built web app: run `npm run build` first (npm run lighthouse does).');
  console.log(`Starting the portal on the demo books (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})…`);
  const portal = await startDemoPortal();
  try {
    const token = await signIn(portal.base);
    const pages = [
      { name: 'sign-in (/)', url: `${portal.base}/`, token: null },
      { name: `investor page (/investor, ${DEMO_INVESTOR.name})`, url: `${portal.base}/investor`, token },
    ];
    let version = '';
    const lines = ['| page | performance | TBT ms | main-thread work ms | LCP ms | FCP ms |', '|---|---:|---:|---:|---:|---:|'];
    for (const p of pages) {
      const runs: Figures[] = [];
      for (let k = 0; k < RUNS; k++) {
        const { figures, lhr } = await measureRetrying(p.url, p.token);
        runs.push(figures);
        console.log(`${row(`${p.name}, run ${k + 1}`, figures)}  load ${loadavg()[0]!.toFixed(1)}`);
        version = lhr.lighthouseVersion;
        if (args.keep) {
          mkdirSync('test-results/lighthouse', { recursive: true });
          writeFileSync(`test-results/lighthouse/${p.token ? 'investor' : 'sign-in'}.json`, JSON.stringify(lhr, null, 1));
        }
      }
      const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
      lines.push(row(`${p.name}, median of ${RUNS}`, { score: pick('score'), tbt: pick('tbt'), mainThread: pick('mainThread'), lcp: pick('lcp'), fcp: pick('fcp') }));
    }
    console.log(`\nLighthouse ${version}, mobile preset (simulated throttling), Chromium at ${CHROMIUM}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.\n`);
    console.log(lines.join('\n'));
  } finally {
    portal.child.kill('SIGTERM');
    await new Promise((resolve) => portal.child.once('exit', resolve));
    rmSync(portal.dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
