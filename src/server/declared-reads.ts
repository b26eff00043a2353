import { ownedProperties } from './modules/investor-portal/investor-answers.js';
import { explainRead, investorPropertyRead, investorSummaryRead } from './modules/investor-portal/investor-reads.js';
import { alongside, perInvestor, perLlc, registered, type RegisteredRead } from './modules/read-model/read-model.js';
import { adminSummaryRead, llcTaxesRead, propertyDetailsRead, propertyTaxesRead } from './modules/reports/report-reads.js';
import { taxYearsAhead } from './modules/reports/reports.service.js';

/**
 * Every declared read of the app (read-model/declared-read.ts), each with whether and how its answers
 * are computed ahead of reads (read-model/registered-read.ts). The refresher (read-model/answer-refresher.ts)
 * walks this list: a new declared read is added here, and nothing else changes to compute it ahead.
 * The answers people open most are: every active investor's summary and property pages, and for every
 * LLC each property's details, the tax summaries of its properties and its tax reports, of the years
 * being worked on. Order counts: an LLC's steps run in this order, and the last one's answer being
 * current says that all of them are.
 */
export const declaredReads: RegisteredRead[] = [
  // An investor's property pages from the same reading as their summary (an investor gone meanwhile has none).
  registered(investorSummaryRead, perInvestor((investorId, date) => [{ investorId, date }], (input) => input.investor !== undefined)),
  registered(investorPropertyRead, alongside(investorSummaryRead, (input, p) => ownedProperties(input.books, p.investorId).map((q) => ({ ...p, propertyId: q.id })))),
  registered(explainRead),
  registered(adminSummaryRead),
  registered(propertyDetailsRead, perLlc(({ propertyIds }, day) => propertyIds.map((propertyId) => ({ propertyId, day })))),
  registered(propertyTaxesRead, perLlc(({ propertyIds }, day) => propertyIds.flatMap((propertyId) => taxYearsAhead(day).map((year) => ({ propertyId, year, day }))))),
  registered(llcTaxesRead, perLlc(({ llcId }, day) => taxYearsAhead(day).map((year) => ({ llcId, year, day })))),
];
