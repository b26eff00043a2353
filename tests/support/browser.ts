import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * Debian's Chromium, driven by Playwright. Never a downloaded browser: this network cannot fetch one.
 * The networking flags stop Chromium from calling outside hosts, which this network refuses.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Saves a screenshot for people to look at (test-results/, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** axe-core in the page: no serious or critical accessibility violations (ui.md). */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
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

/** Signs in through the login screen as a person does (the caller waits for where it should land). */
export async function submitLogin(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(base + '/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}
