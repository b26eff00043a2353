import { usd } from '../../domain/money.js';
import type { StatementFigures } from '../../domain/statement.js';
import type { PdfBlock, PdfDocumentSpec } from '../../lib/pdf/pdf-document.js';

/** The year of `to` is only part of a year unless `to` is its last day. */
const partYear = (year: string, to: string) => to.startsWith(year) && to !== `${year}-12-31`;

const KIND_WORDS = { investment: 'Investment', investment_withdrawal: 'Return of capital', cash_withdrawal: 'Cash withdrawal' } as const;

export type StatementHeader = {
  portalName: string;
  logoPng?: Buffer;
  investorName: string;
  from: string;
  to: string;
  /** The day before `from`: the opening figures are the books as they stood then. */
  openingDate: string;
  preparedAt: Date;
};

/**
 * An investor statement as pages (issue 13): the accounts first, each opening + movements = closing,
 * then the details behind them. Words name the rules (domain.md) so a reader can follow them.
 */
export function statementDocument(h: StatementHeader, f: StatementFigures): PdfDocumentSpec {
  const { capital, income, cash } = f;
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Investor Statement', subtitle: `${h.investorName} · ${h.from} to ${h.to}` },
    { kind: 'heading', text: 'Capital account' },
    {
      kind: 'facts',
      rows: [
        { label: `Opening capital (${h.openingDate})`, value: usd(capital.opening) },
        { label: 'Contributions', value: usd(capital.contributions) },
        { label: 'Returns of capital', value: usd(-capital.returns) },
        { label: `Closing capital (${h.to})`, value: usd(capital.closing), strong: true },
      ],
    },
    { kind: 'heading', text: 'Cash account' },
    {
      kind: 'facts',
      rows: [
        { label: `Opening cash balance (${h.openingDate})`, value: usd(cash.opening) },
        { label: 'Income: your share of net income after fees and expenses', value: usd(cash.income) },
        { label: 'Cash withdrawals', value: usd(-cash.withdrawals) },
        { label: `Closing cash balance (${h.to})`, value: usd(cash.closing), strong: true },
      ],
    },
    { kind: 'heading', text: 'Return on investment' },
    {
      kind: 'facts',
      rows: [
        { label: `Total return on investment, all time, as of ${h.to}`, value: `${f.roi.total.toFixed(2)} %`, strong: true },
        ...f.roi.perYear.map((y) => ({ label: `Return in ${y.year}${partYear(y.year, h.to) ? ` (to ${h.to}, annualised)` : ''}`, value: `${y.percent.toFixed(2)} %` })),
      ],
    },
    {
      kind: 'paragraph',
      muted: true,
      text:
        'Total return is all income ÷ the most capital you had invested at any time. A year\'s return is its income × 12 ÷ the ' +
        'capital you held in each of its months added together.',
    },
    { kind: 'heading', text: 'Capital by property' },
    capital.lines.length
      ? {
          kind: 'table',
          columns: [{ header: 'Property', width: 2.4 }, ...['Opening', 'Contributions', 'Returned', 'Closing'].map((header) => ({ header, align: 'right' as const }))],
          rows: capital.lines.map((l) => [l.propertyName, usd(l.opening), usd(l.contributions), usd(-l.returns), usd(l.closing)]),
          totals: ['Total', usd(capital.opening), usd(capital.contributions), usd(-capital.returns), usd(capital.closing)],
        }
      : { kind: 'paragraph', text: 'No capital in this period.', muted: true },
    { kind: 'heading', text: 'Income by property and month' },
    {
      kind: 'paragraph',
      muted: true,
      text:
        'Your share of each property\'s net income for the month, by the capital you held in it (an investment made after the ' +
        '15th counts from the next month), less the management fee on your share and expenses charged to you alone. A month ' +
        'recorded late appears in the period its entry is dated in.',
    },
    income.lines.length
      ? {
          kind: 'table',
          columns: [
            { header: 'Month', width: 0.9 },
            { header: 'Property', width: 2.2 },
            ...['Your share', 'Fee', 'Expenses', 'Net'].map((header) => ({ header, align: 'right' as const })),
          ],
          rows: income.lines.map((l) => [l.month, l.propertyName, usd(l.gross), usd(-l.fee), usd(-l.expenses), usd(l.net)]),
          totals: [
            'Total', '',
            usd(income.lines.reduce((s, l) => s + l.gross, 0)),
            usd(-income.lines.reduce((s, l) => s + l.fee, 0)),
            usd(-income.lines.reduce((s, l) => s + l.expenses, 0)),
            usd(income.lines.reduce((s, l) => s + l.net, 0)),
          ],
        }
      : { kind: 'paragraph', text: 'No property income in this period.', muted: true },
  ];
  if (income.llcExpenses.length) {
    blocks.push(
      { kind: 'heading', text: 'LLC expenses' },
      { kind: 'paragraph', muted: true, text: 'Expenses of an LLC as a whole, shared among its members by the capital each held in the LLC that month.' },
      {
        kind: 'table',
        columns: [{ header: 'Month' }, { header: 'Your share', align: 'right' }],
        rows: income.llcExpenses.map((l) => [l.month, usd(l.cents)]),
        totals: ['Total', usd(income.llcExpenses.reduce((s, l) => s + l.cents, 0))],
      },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Movements in the period' },
    f.movements.length
      ? {
          kind: 'table',
          columns: [{ header: 'Date', width: 0.9 }, { header: 'Kind', width: 1.2 }, { header: 'Property', width: 1.6 }, { header: 'Description', width: 2.2 }, { header: 'Amount', align: 'right' }],
          rows: f.movements.map((m) => [m.date, KIND_WORDS[m.kind], m.propertyName ?? '', m.description, usd(m.cents)]),
        }
      : { kind: 'paragraph', text: 'No investments or withdrawals in this period.', muted: true },
  );
  return {
    title: `Investor Statement ${h.investorName} ${h.from} to ${h.to}`,
    author: h.portalName,
    subject: `Statement of ${h.investorName} for ${h.from} to ${h.to}`,
    header: { name: h.portalName, ...(h.logoPng ? { logoPng: h.logoPng } : {}) },
    footer: `${h.investorName} · ${h.from} to ${h.to} · Prepared ${h.preparedAt.toISOString().slice(0, 10)} · Confidential`,
    createdAt: h.preparedAt,
    blocks,
  };
}
