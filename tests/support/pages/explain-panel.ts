import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { readCsv } from '../csv-records.js';

/** One row of the panel's items table as the screen shows it, with the part (a ratio's group) it is under. */
export type PanelItem = { part: string | null; date: string; label: string; amount: string };

/** A group of items (a ratio's part, or all of a sum's) with the total its last row shows. */
export type PanelGroup = { part: string | null; heading: string | null; items: PanelItem[]; total: string };

/** "$10,042.50" or "-$360.00" (as the page writes money) in whole cents, read from the text. */
export function centsOfMoney(text: string): number {
  const m = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not an amount of money: ${JSON.stringify(text)}`);
  const cents = Number(m[2]!.replaceAll(',', '')) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

/** "1162.50" or "-360.00" (as a CSV holds an amount) in whole cents, read from the text. */
export function centsOfCsv(text: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a CSV amount: ${JSON.stringify(text)}`);
  const cents = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

/**
 * "How is this calculated?" (issues 14, 25) on the investor page: the trigger beside each figure and the
 * panel (a modal dialog) it opens, with the figure's value, its sentence, its arithmetic, items and CSV.
 */
export class ExplainPanel {
  constructor(readonly page: Page) {}

  /** The trigger of a figure, by the name it is announced with ("How is Total Income calculated?"). */
  trigger(figure: string): Locator {
    return this.page.getByRole('button', { name: `How is ${figure} calculated?`, exact: true });
  }

  /** The open panel of a figure (by its title). */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: `How is ${title} calculated?`, exact: true });
  }

  /** Any open panel. */
  get anyDialog(): Locator {
    return this.page.locator('dialog.explain-panel[open]');
  }

  /** Opens a figure's panel with a click on its trigger and waits for its items or its empty words. */
  async open(figure: string, title = figure): Promise<Locator> {
    await this.trigger(figure).click();
    return this.loaded(title);
  }

  /** Waits until the panel of `title` has loaded (the value is shown). */
  async loaded(title: string): Promise<Locator> {
    const dialog = this.dialog(title);
    await dialog.locator('.explain-value dd').waitFor();
    return dialog;
  }

  value(dialog: Locator): Promise<string | null> {
    return dialog.locator('.explain-value dd').textContent();
  }

  /** The one sentence the panel starts with. */
  headline(dialog: Locator): Promise<string | null> {
    return dialog.locator('.explain-headline').textContent();
  }

  /** The worked arithmetic, a line each. */
  arithmetic(dialog: Locator): Promise<string[]> {
    return dialog.locator('.explain-arithmetic li').allTextContents();
  }

  /** Every word the panel shows: its sentence, its arithmetic and its items' labels. */
  async words(dialog: Locator): Promise<string[]> {
    return [(await this.headline(dialog)) ?? '', ...(await this.arithmetic(dialog)), ...(await dialog.locator('td.explain-label').allTextContents())];
  }

  /** The items table, group by group, as the screen shows it. */
  groups(dialog: Locator): Promise<PanelGroup[]> {
    return dialog.locator('table.explain-table tbody').evaluateAll((bodies) =>
      bodies.map((body) => ({
        part: body.getAttribute('data-part'),
        heading: body.querySelector('tr.explain-group th')?.textContent ?? null,
        items: [...body.querySelectorAll<HTMLTableRowElement>('tr.explain-item')].map((r) => ({
          part: body.getAttribute('data-part'),
          date: r.cells[0]!.childNodes[0]!.textContent ?? '',
          label: r.cells[1]!.textContent ?? '',
          amount: r.cells[2]!.textContent ?? '',
        })),
        total: body.querySelector('tr.explain-total td')!.textContent ?? '',
      })),
    );
  }

  /** Clicks the panel's Download CSV and reads the file the browser saves. */
  async downloadCsv(dialog: Locator): Promise<{ name: string; records: string[][] }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      dialog.getByRole('button', { name: /^Download CSV of / }).click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    return { name: download.suggestedFilename(), records: readCsv(text) };
  }

  /** Closes the panel with its Close button. */
  async close(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The accessible name of what has focus (aria-label or text). */
  focused(): Promise<string | null> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      return el ? (el.getAttribute('aria-label') ?? el.textContent) : null;
    });
  }
}
