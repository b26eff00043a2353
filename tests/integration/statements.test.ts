import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBatched } from '../../bench/scale/load.js';
import { scalePortfolio, TIERS } from '../../bench/scale/portfolio.js';
import { dayBefore } from '../../src/server/domain/dates.js';
import { usd } from '../../src/server/domain/money.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { prng } from '../support/prng.js';
import { pdfText, readPdf } from '../support/read-pdf.js';
import { ADMIN, bearer, signIn, startTestApp, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The PDF and its pages as PNG under test-results/statements, for a person to look at (a
 * statement must look like something an investor would keep). Poppler's pdftoppm draws them, when present.
 */
function keepForLooking(name: string, pdf: Uint8Array) {
  const dir = path.resolve('test-results/statements');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  spawnSync('pdftoppm', ['-png', '-r', '80', path.join(dir, `${name}.pdf`), path.join(dir, name)]);
}

/** Dollars from the API → cents, through the decimal text (never × 100 on a float). */
const cents = (dollars: number) => Math.round(Number(dollars.toFixed(2).replace('.', '')));

type Summary = { total_investments: number; total_income: number; cash_balance: number; total_roi: number };

/**
 * Investor statements: every closing figure is the investor summary's as of the period's last
 * day, every opening figure the summary's the day before its first, and opening + movements = closing
 * on every account.
 */
function checkStatement(f: Awaited<ReturnType<TestApp['services']['statements']['figures']>>['figures'], opening: Summary, closing: Summary, label: string) {
  const { capital, cash } = f;
  expect(capital.opening, `${label} opening capital`).toBe(cents(opening.total_investments));
  expect(capital.closing, `${label} closing capital`).toBe(cents(closing.total_investments));
  expect(capital.opening + capital.contributions - capital.returns, `${label} capital account`).toBe(capital.closing);
  expect(capital.lines.reduce((s, l) => s + l.closing, 0), `${label} capital lines`).toBe(capital.closing);
  for (const l of capital.lines) expect(l.opening + l.contributions - l.returns, `${label} ${l.propertyName}`).toBe(l.closing);
  expect(cash.opening, `${label} opening cash`).toBe(cents(opening.cash_balance));
  expect(cash.closing, `${label} closing cash`).toBe(cents(closing.cash_balance));
  expect(cash.opening + cash.credited - cash.withdrawals, `${label} cash account`).toBe(cash.closing);
  expect(cash.credited, `${label} income credited`).toBe(cents(closing.total_income) - cents(opening.total_income));
  expect(cash.earned - cash.before.total + cash.otherMonths.total, `${label} earned to credited`).toBe(cash.credited);
  expect(cash.earned, `${label} earned`).toBe(f.earned.total);
  for (const [part, income] of Object.entries({ earned: f.earned, before: cash.before, otherMonths: cash.otherMonths })) {
    expect(income.lines.reduce((s, l) => s + l.net, 0) + income.llcExpenses.reduce((s, l) => s + l.cents, 0), `${label} ${part} lines`).toBe(income.total);
    for (const l of income.lines) expect(l.gross - l.fee - l.expenses, `${label} ${part} ${l.month} ${l.propertyName}`).toBe(l.net);
  }
  expect(f.returns.allTime.income, `${label} all income`).toBe(cents(closing.total_income));
  expect(f.returns.allTime.percent, `${label} ROI`).toBe(closing.total_roi);
}

describe('investor statements on the Maple books', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  beforeAll(async () => {
    template = await mapleBooksTemplate('pglite', { logins: true });
    t = await template.start();
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const summary = async (name: string, asOf: string) =>
    (await get(`/api/investor_summary?investor_name=${name}&as_of=${asOf}`, template.state.admin)).json() as Summary;

  it('gives A the year 2024 as a PDF whose figures are the summary’s as of its first and last days', async () => {
    const res = await get('/api/investor_statement?from=2024-01-01&to=2024-12-31', template.state.investors.A!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Statement A 2024-01-01 to 2024-12-31.pdf"; filename*=UTF-8''${encodeURIComponent('Statement A 2024-01-01 to 2024-12-31.pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    keepForLooking('statement-maple-a-2024', res.rawPayload);
    const pages = await readPdf(res.rawPayload);
    for (const page of pages) expect(page.fonts.every((font) => font.embedded), 'fonts embedded').toBe(true);
    const text = pages.map((p) => p.text).join('\n');
    const closing = await summary('A', '2024-12-31');
    // A: 100,000 invested on 2024-01-05, 25,000 returned on 2024-09-10, 6,000 withdrawn on 2024-07-01.
    expect(closing.total_investments).toBe(75000);
    for (const figure of ['Investor Statement', 'A · 01/01/2024 to 12/31/2024', usd(0), usd(100_000_00), usd(-25_000_00), usd(-6_000_00),
      usd(cents(closing.total_investments)), usd(cents(closing.cash_balance)), usd(cents(closing.total_income)), 'Q2 distribution', 'Return of capital']) {
      expect(text).toContain(figure);
    }
    const f = await t.services.statements.figures((await t.testDb.db.query<{ id: number }>(`SELECT id FROM investor WHERE name = 'A'`))[0]!.id, '2024-01-01', '2024-12-31');
    checkStatement(f.figures, await summary('A', '2023-12-31'), closing, 'A 2024');
  });

  it('lets an admin read anyone’s, and an investor only their own', async () => {
    const mine = await get('/api/investor_statement?investor_name=B&from=2024-04-01&to=2024-06-30', template.state.investors.B!);
    expect(mine.statusCode).toBe(200);
    const theirs = await get('/api/investor_statement?investor_name=B&from=2024-04-01&to=2024-06-30', template.state.investors.A!);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: 404, body: { message: 'Investor not found.' } });
    const admin = await get('/api/investor_statement?investor_name=B&from=2024-04-01&to=2024-06-30', template.state.admin);
    expect(admin.statusCode).toBe(200);
    expect(await pdfText(admin.rawPayload)).toContain(usd(50_000_00)); // B's investment of 2024-04-20
  });

  it('refuses a period that ends before it starts, ends in the future, or is not a date, in plain words', async () => {
    const A = template.state.investors.A!;
    const refused = async (query: string) => {
      const res = await get(`/api/investor_statement?${query}`, A);
      return { status: res.statusCode, body: res.json() as unknown };
    };
    expect(await refused('from=2024-06-01&to=2024-05-31')).toEqual({ status: 400, body: { message: 'From must be on or before To.' } });
    expect(await refused('from=2024-06-01&to=2099-01-01')).toEqual({ status: 400, body: { message: 'To cannot be a date in the future.' } });
    expect((await refused('from=2024-02-30&to=2024-12-31')).status).toBe(400);
    expect((await refused('from=2024-01-01')).status).toBe(400);
  });
});

describe.each(DB_KINDS)('investor statements on random ledgers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let investors: { id: number; name: string }[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await signIn(t.app, ADMIN.username, ADMIN.password);
    const [admin] = await t.testDb.db.query<{ id: number }>('SELECT id FROM portal_user WHERE username = $1', [ADMIN.username]);
    await loadBatched(t.app, t.testDb.db, token, admin!.id, scalePortfolio(TIERS.tiny, 20261123));
    investors = await t.testDb.db.query<{ id: number; name: string }>('SELECT id, name FROM investor ORDER BY id');
  }, 300_000);
  afterAll(() => t?.close());

  it('opens at the summary the day before, closes at the summary on the last day, and adds up on every account', async () => {
    const rng = prng(1123);
    const today = t.services.books.today();
    const summary = async (name: string, asOf: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/investor_summary?investor_name=${encodeURIComponent(name)}&as_of=${asOf}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Summary;
    };
    let checked = 0;
    for (const investor of investors) {
      for (let k = 0; k < 3; k++) {
        const year = rng.int(2023, Number(today.slice(0, 4)));
        const drawn = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
        const from = drawn <= today ? drawn : today;
        const to = [from, `${year + rng.int(0, 2)}-12-31`, today].filter((d) => d >= from && d <= today)[rng.int(0, 1)] ?? from;
        const { figures } = await t.services.statements.figures(investor.id, from, to);
        checkStatement(figures, await summary(investor.name, dayBefore(from)), await summary(investor.name, to), `${investor.name} ${from}..${to}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  }, 300_000);
});
