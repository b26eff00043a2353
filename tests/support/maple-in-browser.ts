import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp } from './browser.js';
import { mapleBooksTemplate, type MapleBooks, type MapleOptions } from './maple-books.js';
import type { AppTemplate } from './test-app.js';

/** What a browser test file on the Maple books works with, filled in by its beforeAll. */
export type MapleInBrowser = { app: WebApp; browser: TestBrowser };

/**
 * Registers the hooks of a browser test file on the Maple books: the books recorded once, the web app
 * served on a copy of them, one Chromium whose windows close after each test, all closed at the end.
 * `at`: the server's clock, set before anyone signs in and never moved (a worked example's date);
 * without it the clock follows real time.
 */
export function mapleInBrowser({ at, ...opts }: MapleOptions & { at?: Date } = {}): MapleInBrowser {
  const env = {} as MapleInBrowser;
  let maple: AppTemplate<MapleBooks> | undefined;
  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', opts);
    env.app = await serveWebApp(await maple.start(undefined, { webRoot: WEB_ROOT }), at);
    env.browser = await launchBrowser();
  });
  afterEach(() => env.browser?.closeWindows());
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
    await maple?.close();
  });
  return env;
}
