import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportLine } from '../../src/contract/schemas/bank-import.js';
import type { EntryKind } from '../../src/contract/schemas/corrections.js';
import { DATE_FIELD, formFieldsOf } from '../../src/contract/bank-line-entry.js';
import { centsOf } from '../../src/contract/values/dollar-cents.js';
import { csvMappingOf, csvStatement, decimalOfCents, ofxStatement, type StatementLineSpec } from '../support/bank-statements.js';
import { ADMIN, bearer, buildAppTemplate, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Issue 30's first promise: a year of a property's rent and expenses imported from one OFX statement
 * gives the very figures recording them by hand gives (every investor's summary, the LLC's and the
 * property's tax reports, the property's details), and importing the file again adds nothing. Then the
 * duplicates the issue names: two identical lines of one file are two entries, and an entry recorded by
 * hand first is a possible duplicate, with its reason, and recorded once.
 */

const LLC = 'Harbor Rentals LLC';
const PROPERTY = 'Harbor House';
const INVESTORS = [
  { name: 'Ann Harbor', email: 'ann@example.com', phone: '555-0201', address: '1 Quay', fee_percentage: '0.10', investCents: 12_000_000 },
  { name: 'Ben Harbor', email: 'ben@example.com', phone: '555-0202', address: '2 Quay', fee_percentage: '0.0', investCents: 8_000_000 },
];
const MANAGEMENT = 'Management fees';

/** The master data both portals share: the LLC, the property, its two investors' investments, a category of our own. */
async function recordMasterData(t: TestApp): Promise<{ admin: string }> {
  const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  const post = seedAs(t, admin);
  await post('/admin/add_llc', {
    llc_name: LLC, address: '9 Harbor Way, Portland, ME 04101', date_started: '2024-01-10',
    principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110',
  });
  await post('/admin/add_investment_property', {
    property_name: PROPERTY, address: '40 Pier Road, Portland, ME', purchase_date: '2024-06-01', purchase_price: '200000.00',
    land_value: '40000.00', property_value: '210000.00', llc: LLC, property_type: 'rental', picture_url: 'https://example.com/harbor.jpg',
  });
  for (const { investCents, ...investor } of INVESTORS) {
    await post('/admin/add_investor', investor);
    await post('/admin/add_investment', { property_name: PROPERTY, investor_name: investor.name, date: '2024-06-01', amount: decimalOfCents(investCents) });
  }
  await post('/admin/add_expense_category', { expense_category: MANAGEMENT, scope: 'property_expense' });
  return { admin };
}

/** One bank line of the year and what it records. */
type YearLine = StatementLineSpec & { kind: Extract<EntryKind, 'property_income' | 'property_expense'>; category: string; description: string };

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** 2025 of Harbor House as its bank account saw it, in date order: rent, the manager's fee, water each quarter, two repairs with odd cents. */
const YEAR: YearLine[] = [
  ...months.flatMap((m): YearLine[] => [
    { date: `2025-${m}-03`, amountCents: 185_000, payee: 'J SMITH RENT', memo: `Rent ${m}/2025`, fitid: `2025${m}03-RENT`,
      kind: 'property_income', category: 'Rent', description: `Rent ${m}/2025` },
    { date: `2025-${m}-10`, amountCents: -18_500, payee: 'BAYSIDE PROPERTY MGMT', fitid: `2025${m}10-MGMT`,
      kind: 'property_expense', category: MANAGEMENT, description: `Management fee ${m}/2025` },
  ]),
  ...([['03', -8_731], ['06', -9_204], ['09', -10_117], ['12', -8_866]] as const).map(([m, cents]): YearLine => (
    { date: `2025-${m}-20`, amountCents: cents, payee: 'PORTLAND WATER DISTRICT', memo: 'Quarterly water', fitid: `2025${m}20-WATER`,
      kind: 'property_expense', category: 'Utilities', description: `Water ${m}/2025` })),
  ...([
    { date: '2025-04-14', amountCents: -43_217, payee: 'PLUMB RIGHT LLC', memo: 'Kitchen drain', fitid: '20250414-PLUMB',
      kind: 'property_expense', category: 'Repairs', description: 'Kitchen drain' },
    { date: '2025-08-27', amountCents: -129_903, payee: 'ROOF & GUTTER CO', memo: 'Gutters <east side>', fitid: '20250827-ROOF',
      kind: 'property_expense', category: 'Repairs', description: 'Gutters, east side' },
  ] satisfies YearLine[]),
].sort((a, b) => a.date.localeCompare(b.date));

const OFX_YEAR = ofxStatement({ bankId: '011000138', acctId: '4402117', lines: YEAR, version: 1 });

/** The recording form's body of a year line, written out as an admin would fill the form by hand. */
function handRecording(l: YearLine): [string, Record<string, unknown>] {
  const month = `${l.date.slice(0, 7)}-01`;
  const amount = decimalOfCents(Math.abs(l.amountCents));
  if (l.kind === 'property_income') {
    return ['/admin/record_property_income', {
      income_date: l.date, income_for_month: month, property_name: PROPERTY, description: l.description, amount, income_category: l.category,
    }];
  }
  return ['/admin/record_property_expense', {
    expense_date: l.date, expense_for_month: month, property_name: PROPERTY, description: l.description, amount, expense_category: l.category, payer: l.payee,
  }];
}

/** A multipart/form-data body as a browser's FormData sends it: the fields, then the file. */
async function statementForm(fields: Record<string, string>, file: { name: string; text: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([file.text], { type: 'application/octet-stream' }), file.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

type Preview = { import_id: number; lines: BankImportLine[]; counts: Record<'new' | 'already_imported' | 'possible_duplicate', number> };

async function preview(t: TestApp, admin: string, file: { name: string; text: string }, fields: Record<string, string> = {}): Promise<Preview> {
  const { payload, contentType } = await statementForm({ llc_name: LLC, ...fields }, file);
  const res = await t.app.inject({ method: 'POST', url: '/admin/bank_import_preview', payload, headers: { ...bearer(admin), 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Preview;
}

async function commit(t: TestApp, admin: string, importId: number, lines: Record<string, unknown>[]) {
  const res = await t.app.inject({ method: 'POST', url: '/admin/bank_import_commit', payload: { import_id: importId, lines }, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { taken: number; skipped: number };
}

/**
 * The commit line for a previewed line, as the preview screen builds it (formFieldsOf); every other one
 * leaves the date and amount out, which the server then takes from the bank line.
 */
function commitLine(line: BankImportLine, choice: { kind: EntryKind; category: string; description: string }, leaveOutDateAndAmount: boolean) {
  const fields = formFieldsOf({ date: line.date, amountCents: centsOf(line.amount), payee: line.payee }, { ...choice, llc_name: LLC, property_name: PROPERTY });
  if (leaveOutDateAndAmount) {
    delete fields[DATE_FIELD[choice.kind]];
    delete fields.amount;
  }
  return { line: line.line, kind: choice.kind, ...fields };
}

const ledgerCount = async (t: TestApp) =>
  (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;

/** Every figure the issue names, and the property's details, as the admin reads them. */
async function figures(t: TestApp, admin: string) {
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const q = encodeURIComponent;
  const summaries: Record<string, unknown> = {};
  for (const i of INVESTORS) summaries[i.name] = await get(`/api/investor_summary?investor_name=${q(i.name)}`);
  return {
    summaries,
    llcTaxes: await get(`/admin/llc_taxes?selectedLLC=${q(LLC)}&selectedTaxYear=2025`),
    propertyTaxes: await get(`/admin/property_taxes?selectedProperty=${q(PROPERTY)}&selectedTaxYear=2025`),
    propertyDetails: await get(`/admin/get_property_details?selectedProperty=${q(PROPERTY)}`),
  };
}

describe.each(DB_KINDS)('bank import gives the books recording by hand gives, on %s', (kind) => {
  let masterData: AppTemplate<{ admin: string }>;
  let byHand: TestApp;
  let imported: TestApp;
  let admin: string;
  let firstImport: Preview;

  beforeAll(async () => {
    masterData = await buildAppTemplate(kind, recordMasterData);
    admin = masterData.state.admin;
    byHand = await masterData.start();
    imported = await masterData.start();
  });
  afterAll(async () => {
    await byHand?.close();
    await imported?.close();
    await masterData?.close();
  });

  it('records the year by hand in one portal and imports it from one OFX file in the other', async () => {
    const post = seedAs(byHand, admin);
    for (const l of YEAR) await post(...handRecording(l));

    firstImport = await preview(imported, admin, { name: 'harbor-2025.ofx', text: OFX_YEAR });
    expect(firstImport.counts).toEqual({ new: YEAR.length, already_imported: 0, possible_duplicate: 0 });
    expect(firstImport.lines.map((l) => l.reference)).toEqual(YEAR.map((l) => l.fitid));
    const byFitid = new Map(YEAR.map((l) => [l.fitid, l]));
    const lines = firstImport.lines.map((line, k) => {
      const l = byFitid.get(line.reference!)!;
      expect([line.date, centsOf(line.amount), line.payee]).toEqual([l.date, l.amountCents, l.payee]);
      return commitLine(line, l, k % 2 === 1);
    });
    const before = await ledgerCount(imported);
    expect(await commit(imported, admin, firstImport.import_id, lines)).toMatchObject({ taken: YEAR.length, skipped: 0 });
    expect(await ledgerCount(imported)).toBe(before + YEAR.length);
    expect(await ledgerCount(imported)).toBe(await ledgerCount(byHand));
  });

  it('answers the same investor summaries, tax reports and property details in both', async () => {
    const [hand, fromFile] = [await figures(byHand, admin), await figures(imported, admin)];
    // Not two empty answers agreeing: the year is in them (rent 12 × 1,850.00; the expenses as listed).
    expect(hand.propertyTaxes).toMatchObject({
      income_list: { Rent: 22200 },
      expenses_list: { [MANAGEMENT]: 2220, Utilities: 369.18, Repairs: 1731.2 }, // water 87.31 + 92.04 + 101.17 + 88.66; 432.17 + 1,299.03
    });
    expect(fromFile.summaries).toEqual(hand.summaries);
    expect(fromFile.llcTaxes).toEqual(hand.llcTaxes);
    expect(fromFile.propertyTaxes).toEqual(hand.propertyTaxes);
    expect(fromFile.propertyDetails).toEqual(hand.propertyDetails);
  });

  it('finds every line of the same file already imported the second time, and a commit of none adds nothing', async () => {
    const before = { entries: await ledgerCount(imported), figures: await figures(imported, admin) };
    const again = await preview(imported, admin, { name: 'harbor-2025 (1).ofx', text: OFX_YEAR });
    expect(again.import_id).not.toBe(firstImport.import_id);
    expect(again.counts).toEqual({ new: 0, already_imported: YEAR.length, possible_duplicate: 0 });
    expect(again.lines.every((l) => l.status === 'already_imported' && l.reason)).toBe(true);
    expect(await commit(imported, admin, again.import_id, [])).toMatchObject({ taken: 0, skipped: YEAR.length });
    expect(await ledgerCount(imported)).toBe(before.entries);
    expect(await figures(imported, admin)).toEqual(before.figures);
  });

  describe('duplicates', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await masterData.start();
    });
    afterAll(async () => {
      await t?.close();
    });
    const hardware = { kind: 'property_expense' as const, category: 'Repairs', description: 'Hardware' };

    it('records two identical lines of one CSV (same date, amount and payee, no bank ids) as two entries', async () => {
      const same = { date: '2025-11-25', amountCents: -2_317, payee: 'HARBOR HARDWARE' };
      const csv = csvStatement({ lines: [same, same] });
      const read = await preview(t, admin, { name: 'two-alike.csv', text: csv }, { csv_mapping: JSON.stringify(csvMappingOf()) });
      expect(read.counts).toEqual({ new: 2, already_imported: 0, possible_duplicate: 0 });
      expect(read.lines.map((l) => [l.line, l.reference, l.status])).toEqual([[1, null, 'new'], [2, null, 'new']]);
      const before = await ledgerCount(t);
      expect(await commit(t, admin, read.import_id, read.lines.map((l) => commitLine(l, hardware, false)))).toMatchObject({ taken: 2, skipped: 0 });
      expect(await ledgerCount(t)).toBe(before + 2);
      // And the same file again: both lines are already imported, each matched to its own counterpart.
      const again = await preview(t, admin, { name: 'two-alike.csv', text: csv }, { csv_mapping: JSON.stringify(csvMappingOf()) });
      expect(again.counts).toEqual({ new: 0, already_imported: 2, possible_duplicate: 0 });
    });

    it('shows an entry recorded by hand first as a possible duplicate of the line two days later, and records it once', async () => {
      const post = seedAs(t, admin);
      await post('/admin/record_property_expense', {
        expense_date: '2025-05-12', expense_for_month: '2025-05-01', property_name: PROPERTY, description: 'Drain repair, Plumb Right LLC',
        amount: '275.50', expense_category: 'Repairs', payer: 'PLUMB RIGHT LLC',
      });
      const csv = csvStatement({ lines: [
        { date: '2025-05-14', amountCents: -27_550, payee: 'PLUMB RIGHT LLC' },
        { date: '2025-05-20', amountCents: -6_402, payee: 'HARBOR HARDWARE' },
      ] });
      const read = await preview(t, admin, { name: 'may.csv', text: csv }, { csv_mapping: JSON.stringify(csvMappingOf()) });
      expect(read.counts).toEqual({ new: 1, already_imported: 0, possible_duplicate: 1 });
      const [plumber, hardwareLine] = read.lines;
      expect(plumber).toMatchObject({ status: 'possible_duplicate', duplicate_of: { date: '2025-05-12', amount: 275.5, kind: 'property_expense' } });
      expect(plumber!.reason).toContain('2 days apart');
      expect(plumber!.reason).toContain('same amount');
      expect(hardwareLine).toMatchObject({ status: 'new', reason: null, duplicate_of: null });

      const before = { entries: await ledgerCount(t), taxes: await figures(t, admin) };
      expect(await commit(t, admin, read.import_id, [commitLine(hardwareLine!, hardware, true)])).toMatchObject({ taken: 1, skipped: 1 });
      expect(await ledgerCount(t)).toBe(before.entries + 1);
      const after = await figures(t, admin);
      const repairs = (f: typeof after) => (f.propertyTaxes.expenses_list as Record<string, number>).Repairs!;
      // Only the hardware's 64.02 is added: the plumber's 275.50 stays recorded once.
      expect(centsOf(repairs(after)) - centsOf(repairs(before.taxes))).toBe(6_402);
    });
  });
});
