import type { ExplainFigure, ExplainResponse, PropertyFigure } from '../../../contract/schemas/explain.js';
import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../contract/schemas/investor.js';
import type { Queryable } from '../../db/client.js';
import { explainFigure, type FigureRequest } from '../../domain/explain.js';
import { propertyFigures } from '../../domain/investor-figures.js';
import { investorReturns } from '../../domain/investor-returns.js';
import { monthIndex } from '../../domain/months.js';
import { NotFoundError } from '../../lib/errors.js';
import { declareRead, investorBooks, investorBooksScopes, type InvestorBooks, type InvestorDay } from '../read-model/read-model.js';
import { explainAnswer, figureText, SHOWS_LLC_EXPENSES } from './explain-answer.js';
import { llcExpenseWords } from './explain.repository.js';
import { ownedProperties, propertyAnswer, summaryAnswer } from './investor-answers.js';

// One answer for "no such investor" and "someone else's investor", byte for byte (docs/security.md Z2).
export const INVESTOR_NOT_FOUND = 'Investor not found.';
export const PROPERTY_NOT_FOUND = 'Property not found.';

// Reading an investor's books and their scopes are the read model's (read-model/books.service.ts), and the
// keys are data: serving a kept answer runs no code of this module, only computing one does.

/** The investor summary (docs/rules/: ownership, fees, cash, returns). */
export const investorSummaryRead = declareRead<InvestorDay, InvestorBooks, InvestorSummaryResponse>({
  name: 'investor_summary',
  key: ['investorId', 'date'],
  read: investorBooks,
  scopes: investorBooksScopes,
  compute: (input: InvestorBooks, { investorId, date }: InvestorDay): InvestorSummaryResponse => {
    if (!input.investor) throw new NotFoundError(INVESTOR_NOT_FOUND);
    const { books, figures } = input;
    return summaryAnswer(input.investor.name, books, figures, investorReturns(books, figures, investorId, books.cashWithdrawals, date));
  },
});

/** One property's figures for the investor (docs/security.md Z3): a property they never invested in is not found. */
export const investorPropertyRead = declareRead<InvestorDay & { propertyId: number }, InvestorBooks, InvestorPropertyResponse>({
  name: 'investor_property',
  key: ['investorId', 'date', 'propertyId'],
  read: investorBooks,
  scopes: investorBooksScopes,
  compute: ({ books, allocation }: InvestorBooks, { investorId, propertyId }: InvestorDay & { propertyId: number }): InvestorPropertyResponse => {
    const property = ownedProperties(books, investorId).find((p) => p.id === propertyId);
    if (!property) throw new NotFoundError(PROPERTY_NOT_FOUND);
    return propertyAnswer(property, propertyFigures(books, allocation, investorId, property.id));
  },
});

/** One figure asked to be explained: of the summary, or with a property of the property detail; a history row's month. */
export type ExplainParams = InvestorDay & { figure: ExplainFigure; propertyId: number | null; month: string | undefined };
type ExplainInput = InvestorBooks & { llcExpenseWords: Awaited<ReturnType<typeof llcExpenseWords>> };

/**
 * GET /api/explain: one figure of the investor summary or property detail with its math,
 * from the same read as the summary, so the value is the summary's own.
 */
export const explainRead = declareRead<ExplainParams, ExplainInput, ExplainResponse>({
  name: 'explain',
  key: (p: ExplainParams) => `${p.investorId}/${p.date}/${figureText(p.figure)}/${p.propertyId ?? ''}${p.month ? `/${p.month.slice(0, 7)}` : ''}`,
  read: async (tx: Queryable, p: ExplainParams): Promise<ExplainInput> => {
    const books = await investorBooks(tx, p);
    // Only the investor's own income shows LLC expenses (a property's income leaves them out).
    const words = p.propertyId === null && SHOWS_LLC_EXPENSES.has(p.figure.name) ? await llcExpenseWords(tx, books.books.llcExpenses.map((e) => e.id)) : new Map();
    return { ...books, llcExpenseWords: words };
  },
  scopes: investorBooksScopes,
  compute: (input: ExplainInput, p: ExplainParams): ExplainResponse => {
    const { books, allocation, figures } = input;
    let figure: FigureRequest = p.figure;
    if (p.propertyId !== null) {
      // As the property detail: a property the investor never invested in is not found (docs/security.md Z3).
      const property = ownedProperties(books, p.investorId).find((q) => q.id === p.propertyId);
      if (!property) throw new NotFoundError(PROPERTY_NOT_FOUND);
      // The contract allows only the property detail's figures with a property name.
      figure = { name: `property_${p.figure.name as PropertyFigure}`, propertyId: property.id, propertyName: property.name };
    }
    const explanation = explainFigure(
      {
        investorId: p.investorId,
        asOf: p.date,
        books,
        allocation,
        figures,
        returns: investorReturns(books, figures, p.investorId, books.cashWithdrawals, p.date),
        cashWithdrawals: books.cashWithdrawals,
        llcExpenseWords: input.llcExpenseWords,
      },
      figure,
      p.month === undefined ? undefined : monthIndex(p.month),
    );
    if (!explanation) {
      throw new NotFoundError(`There is no roi_per_year for ${p.figure.name === 'roi_per_year' ? p.figure.year : ''}: no capital was invested that year.`);
    }
    return explainAnswer(figureText(p.figure), explanation, p.month);
  },
});
