import type { AdminSummaryResponse, LlcTaxesResponse, PropertyDetailsResponse, PropertyTaxesResponse } from '../../../contract/schemas/reports.js';
import type { Queryable } from '../../db/client.js';
import type { BooksService } from '../read-model/books.service.js';
import type { DeclaredRead } from '../read-model/declared-read.js';
import { answerKey, MissingName, type KeptAnswers, type KeptReply } from '../read-model/kept-answers.js';
import { existingLlc, existingProperty } from '../references.js';
import { adminSummaryRead, llcTaxesRead, propertyDetailsRead, propertyTaxesRead } from './report-reads.js';

/**
 * The years whose tax reports are kept ahead of reads: this one and the two before, the years an admin
 * and a CPA work on (a return, an extension, an amendment). Any other year is computed when asked.
 */
const taxYearsAhead = (day: string): number[] => {
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
     * What keeping an LLC's reports ahead of reads takes (answer-refresher.ts), one snapshot a step:
     * each property's details, each property's tax summaries of the years kept ahead, then the LLC's
     * tax reports of those years. Small steps: a step holds a connection (PGlite's only one).
     */
    llcAheadSteps: async (llcId: number, propertyIds: number[]): Promise<(() => Promise<number>)[]> => {
      const today = day();
      const years = taxYearsAhead(today);
      const one = <P, I, T>(read: DeclaredRead<P, I, T>, p: P) => () => kept.ahead(read, p, (input) => [[answerKey(read, p), read.compute(input, p)]]);
      return [
        ...propertyIds.map((propertyId) => one(propertyDetailsRead, { propertyId, day: today })),
        ...propertyIds.flatMap((propertyId) => years.map((year) => one(propertyTaxesRead, { propertyId, year, day: today }))),
        ...years.map((year) => one(llcTaxesRead, { llcId, year, day: today })),
      ];
    },

    /** The key of what an LLC's steps keep last: whether it is current says whether the LLC's reports are. */
    llcAheadKey: (llcId: number): string => {
      const today = day();
      return answerKey(llcTaxesRead, { llcId, year: taxYearsAhead(today).at(-1)!, day: today });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
