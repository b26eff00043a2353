import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usd } from '../../src/server/domain/money.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { readCsvObjects } from '../support/csv-records.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { pdfText } from '../support/read-pdf.js';
import { unzip } from '../support/read-zip.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { onPostgres } from '../support/test-db.js';

/** Amount text of a CSV ("-1234.56") → cents, through the text. */
const csvCents = (text: string) => {
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
};

/** Σ of cents by key. */
function sums<T>(rows: T[], key: (r: T) => string, cents: (r: T) => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + cents(r);
  return out;
}

const YEAR = 2024;
const LLC = encodeURIComponent(MAPLE_LLC.llc_name);

/**
 * The tax package is read from one snapshot of the books (modules/exports/exports.service.ts): while
 * entries of its year are recorded and voided from other connections, each package's PDF, its CSVs and
 * its ledger must still describe one and the same state of the books, to the cent.
 */
describe.runIf(onPostgres('the tax package built from one snapshot while other connections write'))('the tax package under concurrent writes on postgres', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  beforeAll(async () => {
    template = await mapleBooksTemplate('postgres');
    t = await template.start();
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(template.state.admin), payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { id: number };
  };

  /** Records and voids entries of the year, one after another, until told to stop; answers how many writes it made. */
  async function writeUntil(stop: { done: boolean }): Promise<number> {
    let n = 0;
    const recorded: { url: string; id: number; amount: string; date: string }[] = [];
    while (!stop.done) {
      n++;
      const amount = `${10 + (n % 37)}.${String((n * 7) % 100).padStart(2, '0')}`;
      const month = String(1 + (n % 12)).padStart(2, '0');
      const date = `${YEAR}-${month}-1${n % 10}`;
      if (n % 3 === 0) {
        const { id } = await post('/admin/record_llc_expense', {
          expense_date: date, llc_name: MAPLE_LLC.llc_name, description: `Fee ${n}`, amount, expense_category: 'State fees', payer: 'admin',
        });
        recorded.push({ url: '/admin/delete_llc_expense', id, amount, date });
      } else if (n % 3 === 1) {
        const { id } = await post('/admin/record_property_expense', {
          expense_date: date, expense_for_month: `${YEAR}-${month}-01`, property_name: 'P', description: `Fix ${n}`, amount, expense_category: 'Repairs', payer: 'admin',
        });
        recorded.push({ url: '/admin/delete_expense', id, amount, date });
      } else {
        await post('/admin/record_property_income', {
          income_date: date, income_for_month: `${YEAR}-${month}-01`, property_name: 'P', description: `Extra ${n}`, amount, income_category: 'Rent',
        });
      }
      // Every fourth write voids the oldest entry recorded and not yet voided.
      const oldest = n % 4 === 0 ? recorded.shift() : undefined;
      if (oldest) await post(oldest.url, { id: oldest.id, amount: oldest.amount, date: oldest.date, reason: 'Entered twice' });
    }
    return n;
  }

  /** One package's files, and what its PDF, CSVs and ledger each say of the LLC's expenses and P's books. */
  async function readPackage() {
    const res = await t.app.inject({ method: 'GET', url: `/admin/tax_package?selectedLLC=${LLC}&selectedTaxYear=${YEAR}`, headers: bearer(template.state.admin) });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    const file = (part: string) => files.get([...files.keys()].find((k) => k.includes(part))!)!.toString('utf8');
    const live = readCsvObjects(file('ledger.csv')).filter((r) => r.Voided === 'no');
    const members = readCsvObjects(file('members.csv')).filter((m) => m.Table === 'LLC expenses by category');
    const p = readCsvObjects(file('property - P.csv'));
    const pdf = await pdfText(files.get([...files.keys()].find((k) => k.endsWith('.pdf'))!)!);
    const llcLedger = live.filter((r) => r.Kind === 'LLC expense');
    const pRows = live.filter((r) => r.Property === 'P');
    return {
      pdf,
      llcExpenses: {
        ledger: sums(llcLedger, (r) => r.Category!, (r) => csvCents(r.Amount!)),
        csv: sums(members, (m) => m.Category!, (m) => csvCents(m.Amount!)),
        ledgerTotal: llcLedger.reduce((s, r) => s + csvCents(r.Amount!), 0),
      },
      pExpenses: {
        ledger: sums(pRows.filter((r) => r.Kind === 'Property expense' || r.Kind === 'Investor property expense'), (r) => r.Category!, (r) => csvCents(r.Amount!)),
        csv: sums(p.filter((r) => r.Section === 'Expenses'), (r) => r.Item!, (r) => csvCents(r.Amount!)),
      },
      pIncome: {
        ledger: sums(pRows.filter((r) => r.Kind === 'Property income'), (r) => r.Category!, (r) => csvCents(r.Amount!)),
        csv: sums(p.filter((r) => r.Section === 'Income'), (r) => r.Item!, (r) => csvCents(r.Amount!)),
      },
    };
  }

  it('gives every package one state of the books: its PDF, CSVs and ledger agree to the cent', async () => {
    const stop = { done: false };
    const writer = writeUntil(stop);
    const packages: Awaited<ReturnType<typeof readPackage>>[] = [];
    try {
      // Two packages at a time beside the writer, so a package's reads interleave with its writes.
      for (let round = 0; round < 4; round++) packages.push(...(await Promise.all([readPackage(), readPackage()])));
    } finally {
      stop.done = true;
    }
    const writes = await writer;
    expect(writes).toBeGreaterThan(10);

    for (const [i, pkg] of packages.entries()) {
      expect(pkg.llcExpenses.csv, `package ${i}: LLC expenses, members.csv against ledger.csv`).toEqual(pkg.llcExpenses.ledger);
      expect(pkg.pExpenses.csv, `package ${i}: P's expenses, its CSV against ledger.csv`).toEqual(pkg.pExpenses.ledger);
      expect(pkg.pIncome.csv, `package ${i}: P's income, its CSV against ledger.csv`).toEqual(pkg.pIncome.ledger);
      // The PDF's table of LLC expenses ends with its total: the ledger's, in the same words.
      const table = pkg.pdf.slice(pkg.pdf.indexOf('LLC expenses by category'));
      expect(table.match(/Total\s*(-?\$[\d,]+\.\d\d)/)?.[1], `package ${i}: the PDF's LLC expenses total`).toBe(usd(pkg.llcExpenses.ledgerTotal));
    }
    // The writes landed between and during the packages: they saw several states of the books.
    expect(new Set(packages.map((p) => JSON.stringify([p.llcExpenses.ledger, p.pExpenses.ledger, p.pIncome.ledger]))).size).toBeGreaterThan(2);
  }, 120_000);
});
