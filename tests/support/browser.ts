import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { DEFAULT_WEB_ROOT } from '../../src/server/app.js';
import { ADMIN, signIn, type TestApp } from './test-app.js';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) when it is installed, else the full
 * Chromium. The shell is the same Blink and V8 without the desktop browser around them, which a headless
 * window never shows: what Playwright itself runs for headless tests. Measured here on two browser files,
 * the same 32 tests took 60 s against 97 s and a third less CPU (docs/decisions.md, 63).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full Chromium, as a user's browser renders: for the bench's page-load figure (bench/web-lcp.ts). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
/** The built web app the browser tests serve: dist/web, or TEST_WEB_ROOT (a build of one's own beside others' work). */
export const WEB_ROOT = process.env.TEST_WEB_ROOT || DEFAULT_WEB_ROOT;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Chromium for one test file, handing out windows: each its own context (storage, so its own session). */
export type TestBrowser = {
  /** A new window at the given size; it stays open until closeWindows() or close(). */
  newWindow(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<Page>;
  /** Closes every window opened so far: after each test, so the next one starts from nothing. */
  closeWindows(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Debian's Chromium, driven by Playwright. Never a downloaded browser: this network cannot fetch one.
 * The networking flags stop Chromium from calling outside hosts, which this network refuses.
 */
export async function launchBrowser(executable = CHROMIUM): Promise<TestBrowser> {
  if (!existsSync(executable)) {
    const pkg = executable === HEADLESS_SHELL ? 'chromium-headless-shell' : 'chromium';
    throw new Error(`Chromium is missing at ${executable}. Install it with: apt-get install -y ${pkg} (or set CHROMIUM_PATH)`);
  }
  const browser: Browser = await chromium.launch({
    executablePath: executable,
    headless: true,
    args: [
      // --headless selects headless mode in the full Chromium; the shell has no other mode and ignores it.
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  let windows: BrowserContext[] = [];
  const closeWindows = async () => {
    const open = windows;
    windows = [];
    await Promise.all(open.map((w) => w.close()));
  };
  return {
    async newWindow(viewport = DESKTOP, options = {}) {
      const context = await browser.newContext({ viewport, ...options });
      windows.push(context);
      const page = await context.newPage();
      sayTroubleIfTestFails(page);
      return page;
    },
    closeWindows,
    async close() {
      await closeWindows();
      await browser.close();
    },
  };
}

/**
 * What went wrong in a window (refused or failed requests, console errors, page errors), printed only
 * if the test that opened it fails: a screen that never appeared then says which request it waited
 * for and what came back, instead of only a timeout.
 */
function sayTroubleIfTestFails(page: Page): void {
  const trouble: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  // Every call to the portal's API, so a screen that waited on an answer that never came says which.
  const calls = new Map<Request, { line: string; answer?: string }>();
  const isApi = (r: Request) => /^\/(api|admin|auth)\//.test(new URL(r.url()).pathname);
  page.on('request', (r) => void (isApi(r) && calls.set(r, { line: `${at()} ${r.method()} ${r.url()}` })));
  page.on('requestfinished', (r) => {
    const call = calls.get(r);
    // The window may close before the answer is read (the test ended): nothing then to record.
    if (call) r.response().then((res) => void (call.answer = `${res?.status() ?? '?'} at ${at()}`), () => undefined);
  });
  page.on('response', (r) => void (r.status() >= 400 && trouble.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`)));
  page.on('requestfailed', (r) => void trouble.push(`${at()} failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => void (m.type() === 'error' && trouble.push(`${at()} console: ${m.text()}`)));
  page.on('pageerror', (e) => void trouble.push(`${at()} page error: ${e.message}`));
  try {
    onTestFailed(() => {
      const api = [...calls.values()].map((c) => `${c.line} → ${c.answer ?? 'no answer yet'}`);
      console.log(`In the browser window (${page.url()}):\n  ${trouble.join('\n  ') || 'no failed request, no console error'}`
        + `\n  API calls:\n    ${api.join('\n    ') || 'none'}`);
    });
  } catch {
    // A window opened outside a test (a beforeAll): nothing to attach its trouble to.
  }
}

/** An app serving the web app over HTTP, as the browser reaches it at `base`. */
export type WebApp = TestApp & { base: string };

/**
 * Serves `t` (started with `webRoot: WEB_ROOT`) on a free port of 127.0.0.1. Browser tests run in real
 * time, so the test clock follows the wall clock (tokens expire as they would), unless `at` pins it.
 */
export async function serveWebApp(t: TestApp, at?: Date): Promise<WebApp> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  let follow: NodeJS.Timeout | undefined;
  if (at) {
    t.clock.set(at);
  } else {
    t.clock.set(new Date());
    follow = setInterval(() => t.clock.set(new Date()), 200);
    follow.unref();
  }
  return {
    ...t,
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    async close() {
      clearInterval(follow);
      await t.close();
    },
  };
}

/**
 * A new window of `browser` already signed in to `app` as `login` (the admin unless told otherwise): the
 * session token the login screen would have stored (localStorage "token", the whole of a session in the
 * page), got from the API. For tests whose subject is not the sign-in: they skip the login screen and the
 * landing page it leads to, seconds a window on a loaded machine. The window starts blank; open a page.
 */
export async function signedInWindow(
  browser: TestBrowser,
  app: WebApp,
  { login = ADMIN, viewport = DESKTOP, options = {} }: { login?: { username: string; password: string }; viewport?: { width: number; height: number }; options?: BrowserContextOptions } = {},
): Promise<Page> {
  const token = await signIn(app.app, login.username, login.password);
  return browser.newWindow(viewport, {
    ...options,
    storageState: { cookies: [], origins: [{ origin: app.base, localStorage: [{ name: 'token', value: token }] }] },
  });
}

/**
 * Whether the browser tests save their screenshots: only when asked with SCREENSHOTS=1. No test compares
 * them, and a full-page capture costs a second or more on a loaded machine, tens of times a run.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * Saves a screenshot for people to look at (test-results/, not committed) when SCREENSHOTS=1: the whole
 * page, or only the window (`fullPage: false`) when a panel fixed over it is the subject, as a full page
 * would stretch it.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** axe-core's browser build: the one @axe-core/playwright injects (the same version, the same rules). */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeResults = { violations: { id: string; impact?: string | null; help: string }[] };

/**
 * axe-core in the page: no serious or critical accessibility violations (docs/product.md, Look and feel).
 * axe is put into a page once and then run there (what AxeBuilder calls its legacy mode), not through
 * AxeBuilder's default, which sends its half a megabyte of source again on every scan and finishes each scan
 * in a new blank page: 2 to 3 s a scan on a loaded machine against a few hundred ms. The default only adds
 * frames from other origins, which the portal's pages do not have.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A colour caught half-way through a transition is no colour the page shows: a button just clicked
  // fades to its hover colours (which pass) through ones that do not. The transitions end first (not the
  // endless animations, such as a spinner's).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
  // Only the violations in full: axe then keeps one example of each passing or inapplicable rule instead of
  // every node, much faster on a long table, and finds the same violations.
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Node, options: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Collects the alerts a page raises and accepts them, as a user clicking OK. */
export function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}
