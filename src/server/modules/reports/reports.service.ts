import type { AdminSummaryResponse, LlcTaxesResponse, PropertyDetailsResponse, PropertyTaxesResponse } from '../../../contract/schemas/reports.js';
import type { Queryable } from '../../db/client.js';
import { MissingName, type BooksService, type KeptAnswers, type KeptReply } from '../read-model/read-model.js';
import { existingLlc, existingProperty } from '../references.js';
import { adminSummaryRead, llcTaxesRead, propertyDetailsRead, propertyTaxesRead } from './report-reads.js';

/**
 * The years whose tax reports are kept ahead of reads: this one and the two before, the years an admin
 * and a CPA work on (a return, an extension, an amendment). Any other year is computed when asked.
 */
export const taxYearsAhead = (day: string): number[] => {
  const year = Number(day.slice(0, 4));
  return [year - 2, year - 1, year];
};

/** The answer of a report asked by name, or the refusal of the lookup by that name (references.ts), which says which name. */
async function foundOr<T>(db: Queryable, got: T | MissingName): Promise<T> {
  if (!(got instanceof MissingName)) return got;
  const { table, name } = got.named;
  await (table === 'llc' ? existingLlc(db, name) : existingProperty(db, name));
  // Made between the two statements: this request still saw none.
  throw new Error(`the ${table} named ${JSON.stringify(name)} appeared while it was looked up`);
}

/** An LLC's tax report of a year and the tax summaries of the properties it lists, from one snapshot. */
export type TaxPackageFigures = { report: LlcTaxesResponse; properties: { name: string; taxes: PropertyTaxesResponse }[] };

/** The admin's reports (report-reads.ts), kept until the books change (docs/performance.md). */
export function createReportsService({ books, kept }: { books: BooksService; kept: KeptAnswers }) {
  const db = books.db;
  const property = (name: string) => [{ table: 'property' as const, name, field: 'propertyId' as const }];
  const llc = (name: string) => [{ table: 'llc' as const, name, field: 'llcId' as const }];
  const day = () => books.today();

  return {
    /** docs/rules/cash.md: the five totals, and each active investor's capital and cash (the Investors list). */
    adminSummary: (): Promise<AdminSummaryResponse> => kept.answer(adminSummaryRead, { day: day() }),
    adminSummaryReply: (): Promise<KeptReply<AdminSummaryResponse>> => kept.reply(adminSummaryRead, { day: day() }),

    /** One property's books as of today: the ledger rows of each family, their totals, and who holds capital. */
    propertyDetails: async (propertyName: string): Promise<KeptReply<PropertyDetailsResponse>> =>
      foundOr(db, await kept.replyNamed(propertyDetailsRead, { propertyId: 0, day: day() }, property(propertyName))),

    /** docs/rules/tax-reports.md: an LLC's tax report for a year (the tax package reads its figures). */
    llcTaxes: async (llcName: string, year: number): Promise<LlcTaxesResponse> =>
      foundOr(db, await kept.answerNamed(llcTaxesRead, { llcId: 0, year, day: day() }, llc(llcName))),
    llcTaxesReply: async (llcName: string, year: number): Promise<KeptReply<LlcTaxesResponse>> =>
      foundOr(db, await kept.replyNamed(llcTaxesRead, { llcId: 0, year, day: day() }, llc(llcName))),

    /** docs/rules/tax-reports.md: a property's income and expenses of a year by category; a land contract with terms split. */
    propertyTaxes: async (propertyName: string, year: number): Promise<PropertyTaxesResponse> =>
      foundOr(db, await kept.answerNamed(propertyTaxesRead, { propertyId: 0, year, day: day() }, property(propertyName))),
    propertyTaxesReply: async (propertyName: string, year: number): Promise<KeptReply<PropertyTaxesResponse>> =>
      foundOr(db, await kept.replyNamed(propertyTaxesRead, { propertyId: 0, year, day: day() }, property(propertyName))),

    /**
     * The tax package's figures (modules/exports) read through the caller's snapshot `tx`: the LLC's tax
     * report and the tax summary of each property it lists, in its order. Computed from what `tx` sees,
     * not served kept, so they agree with each other and with whatever else the package reads through
     * `tx` (its ledger), however the books change meanwhile. The same declared reads as llcTaxes and
     * propertyTaxes, so the figures are theirs.
     */
    taxPackageFigures: async (tx: Queryable, llcId: number, year: number): Promise<TaxPackageFigures> => {
      const llcYear = { llcId, year, day: day() };
      const input = await llcTaxesRead.read(tx, llcYear);
      const report = llcTaxesRead.compute(input, llcYear);
      const idByName = new Map(input.properties.map((p) => [p.name, p.id]));
      const properties: TaxPackageFigures['properties'] = [];
      for (const name of report.properties_list) {
        const propertyYear = { propertyId: idByName.get(name)!, year, day: llcYear.day };
        properties.push({ name, taxes: propertyTaxesRead.compute(await propertyTaxesRead.read(tx, propertyYear), propertyYear) });
      }
      return { report, properties };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
