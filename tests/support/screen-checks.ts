import type { Page } from 'playwright-core';

/**
 * What every screen is checked for at each width (docs/product.md, Look and feel): nothing wider than the window,
 * no text cut inside its box, and no request to a host other than the portal's own.
 */

/** How wide the page is, overflow included: at most the window's width when nothing sticks out sideways. */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The cells and figures whose text does not fit their box (scrollWidth > clientWidth): table cells,
 * label / value pairs and money figures that are boxes of their own. Each as "tag.class: text".
 */
export const textCutOff = (page: Page, scope = 'main'): Promise<string[]> =>
  page.evaluate((root) => {
    const cut: string[] = [];
    const within = document.querySelector(root) ?? document.body;
    for (const el of within.querySelectorAll<HTMLElement>('td, th, dd, dt, .money')) {
      const style = getComputedStyle(el);
      // An inline box has no width of its own to overflow (clientWidth is 0); its cell is checked instead.
      if (style.display === 'inline' || style.display === 'none' || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        cut.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${(el.textContent ?? '').trim().slice(0, 60)}`);
      }
    }
    return cut;
  }, scope);

/** Every request a window makes, to check afterwards that it never left the portal's origin. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** The requests that went to another origin than `base` (data: and blob: addresses are the page's own). */
export const foreignRequests = (urls: readonly string[], base: string): string[] =>
  urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== new URL(base).origin);

/** Every answer with a status of 400 or more a window received, as "status method path". */
export function recordFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return failures;
}

/**
 * The boxes inside `main` that scroll sideways (a table wider than its card), as "tag.class"; the property
 * scroller, a row of cards swiped on purpose, is left out.
 */
export const scrollingSideways = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => !el.classList.contains('investor-property-scroller'))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
