import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp } from './browser.js';
import { mapleBooksTemplate, type MapleBooks, type MapleOptions } from './maple-books.js';
import type { AppTemplate } from './test-app.js';

/** What a browser test file on the Maple books works with, filled in by its beforeAll. */
export type MapleInBrowser = { app: WebApp; browser: TestBrowser };

/**
 * Registers the hooks of a browser test file on the Maple books: the books recorded once, the web app
 * served on a copy of them, one Chromium whose windows close after each test, all closed at the end.
 */
export function mapleInBrowser(opts: MapleOptions = {}): MapleInBrowser {
  const env = {} as MapleInBrowser;
  let maple: AppTemplate<MapleBooks> | undefined;
  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', opts);
    env.app = await serveWebApp(await maple.start(undefined, { webRoot: WEB_ROOT }));
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
