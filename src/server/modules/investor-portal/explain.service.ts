import type { ExplainFigure, ExplainResponse, PropertyFigure } from '../../../contract/schemas/explain.js';
import type { Queryable } from '../../db/client.js';
import { explainFigure, type FigureRequest } from '../../domain/explain.js';
import type { Explanation, Quantity } from '../../domain/explain-types.js';
import { investorReturns } from '../../domain/investor-returns.js';
import { centsToDollars } from '../../domain/money.js';
import { monthIndex } from '../../domain/months.js';
import { NotFoundError } from '../../lib/errors.js';
import { nameKey } from '../../lib/names.js';
import type { SessionUser } from '../auth/auth.repository.js';
import type { BooksService } from '../books/books.service.js';
import { llcExpenseWords } from './explain.repository.js';
import { ownedProperty } from './investor-answers.js';
import { PROPERTY_NOT_FOUND, type InvestorPortalService } from './investor-portal.service.js';

/** `month`: a history row's month ('YYYY-MM-01'), for the figures its table adds up to (the contract checks which). */
export type ExplainRequest = { investorName?: string; figure: ExplainFigure; propertyName?: string; asOf?: string; month?: string };

const SHOWS_LLC_EXPENSES = new Set<string>(['total_income', 'cash_balance', 'total_roi', 'roi_per_year']);

const figureText = (f: ExplainFigure) => (f.name === 'roi_per_year' ? `roi_per_year:${f.year}` : f.name);

/** Dollars for money, the number itself for a percent or a multiple (the summary's units). */
const number = (q: Quantity) => (q.unit === 'cents' ? centsToDollars(q.n) : q.n);

function toResponse(figure: string, e: Explanation, month: string | undefined): ExplainResponse {
  const parts: Record<string, number> = {};
  for (const [name, q] of Object.entries(e.parts)) {
    const n = number(q);
    if (n !== null) parts[name] = n;
  }
  return {
    figure,
    value: number(e.value),
    formula: [e.headline, ...e.arithmetic].join('\n'),
    headline: e.headline,
    arithmetic: e.arithmetic,
    ...(month ? { month: month.slice(0, 7) } : {}),
    items: e.items.map((i) => ({ date: i.date, label: i.label, amount: centsToDollars(i.cents), ...(i.part ? { part: i.part } : {}) })),
    parts,
  };
}

/**
 * GET /api/explain (issue 14): one figure of the investor summary or property detail with its math,
 * from the same read as the summary (books.investorAt), so the value is the summary's own.
 */
export function createExplainService({ books: read, investorPortal }: { books: BooksService; investorPortal: InvestorPortalService }) {
  async function explainAt(tx: Queryable, investorId: number, date: string, req: ExplainRequest): Promise<ExplainResponse> {
    const { books, allocation, figures } = await read.investorAt(tx, investorId, date);
    let figure: FigureRequest = req.figure;
    if (req.propertyName) {
      // As the property detail: a property the investor never invested in is not found (security.md Z3).
      const property = ownedProperty(books, investorId, req.propertyName);
      if (!property) throw new NotFoundError(PROPERTY_NOT_FOUND);
      // The contract allows only the property detail's figures with a property name.
      figure = { name: `property_${req.figure.name as PropertyFigure}`, propertyId: property.id, propertyName: property.name };
    }
    const input = {
      investorId,
      asOf: date,
      books,
      allocation,
      figures,
      returns: investorReturns(books, figures, investorId, books.cashWithdrawals, date),
      cashWithdrawals: books.cashWithdrawals,
      // Only the investor's own income shows LLC expenses (a property's income leaves them out).
      llcExpenseWords: !req.propertyName && SHOWS_LLC_EXPENSES.has(req.figure.name) ? await llcExpenseWords(tx, books.llcExpenses.map((e) => e.id)) : new Map(),
    };
    const explanation = explainFigure(input, figure, req.month === undefined ? undefined : monthIndex(req.month));
    if (!explanation) {
      throw new NotFoundError(`There is no roi_per_year for ${req.figure.name === 'roi_per_year' ? req.figure.year : ''}: no capital was invested that year.`);
    }
    return toResponse(figureText(req.figure), explanation, req.month);
  }

  return {
    /** An investor's own figures; an admin's of anyone (security.md Z2), kept per version of the books like the summary. */
    async explain(user: SessionUser, req: ExplainRequest): Promise<ExplainResponse> {
      const date = investorPortal.asOfDate(req.asOf);
      const id = await investorPortal.readableInvestorId(user, req.investorName);
      const property = req.propertyName ? nameKey(req.propertyName) : '';
      const month = req.month ? `/${req.month.slice(0, 7)}` : '';
      return read.kept(`explain/${id}/${date}/${figureText(req.figure)}/${property}${month}`, (tx) => explainAt(tx, id, date, req));
    },
  };
}

export type ExplainService = ReturnType<typeof createExplainService>;
