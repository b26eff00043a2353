import { FULL_CHROMIUM, launchBrowser } from '../tests/support/browser.js';

/**
 * Largest contentful paint of the investor page (docs/performance.md: ≤ 1 s on localhost), in the browser tests'
 * Chromium. The investor signs in once; then each sample is a fresh load of /investor with the session
 * already stored, as when an investor opens the portal again, timed by the browser's own
 * largest-contentful-paint entries.
 */
export async function investorPageLcp(base: string, login: { username: string; password: string }, samples = 5): Promise<number[]> {
  // The full Chromium, not the tests' headless shell: the figure is the page as a user's browser loads it.
  const browser = await launchBrowser(FULL_CHROMIUM);
  try {
    const page = await browser.newWindow();
    await page.goto(`${base}/`);
    await page.getByLabel('Username').fill(login.username);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL('**/investor');
    const lcps: number[] = [];
    for (let k = 0; k < samples; k++) {
      // Network idle: the figures, pictures and chart have arrived; the last LCP candidate is final.
      await page.goto(`${base}/investor`, { waitUntil: 'networkidle' });
      await page.getByText('Active Investments').first().waitFor();
      lcps.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]!.startTime);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
    }
    return lcps;
  } finally {
    await browser.close();
  }
}
