import { dateText, dayText, monthText, percentText } from '../../../contract/values/human-format.js';
import { usd } from '../../domain/money.js';
import type { IncomeLines, StatementFigures } from '../../domain/statement.js';
import type { PdfBlock, PdfDocumentSpec } from '../../lib/pdf/pdf-document.js';

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

/** A capital call the statement lists: issued in the period, or paid (in part) in it. */
export type StatementCall = {
  callDate: string;
  dueDate: string;
  propertyName: string;
  purpose: string;
  amountCents: number;
  /** Received by the period's last day. */
  receivedCents: number;
  receivedInPeriodCents: number;
};

/** The "Capital calls" section: what was asked, what arrived in the period and what was still owed at its end. */
function capitalCallBlocks(calls: StatementCall[], to: string): PdfBlock[] {
  if (calls.length === 0) return [];
  return [
    { kind: 'heading', text: 'Capital calls' },
    {
      kind: 'paragraph',
      muted: true,
      text: 'Money the manager asked you for, issued or paid in this period. What you paid is counted as an investment in the ' +
        'property (in the capital account above); what was still owed is as of ' + dateText(to) + '.',
    },
    {
      kind: 'table',
      columns: [
        { header: 'Issued', width: 0.9 }, { header: 'Property', width: 1.4 }, { header: 'Purpose', width: 1.8 }, { header: 'Due', width: 0.9 },
        ...['Asked', 'Paid in period', 'Owed'].map((header) => ({ header, align: 'right' as const })),
      ],
      rows: calls.map((c) => [
        dateText(c.callDate), c.propertyName, c.purpose, dateText(c.dueDate), usd(c.amountCents), usd(c.receivedInPeriodCents),
        usd(Math.max(0, c.amountCents - c.receivedCents)),
      ]),
    },
  ];
}

const wholeYear = (m: { first: string; last: string }) => m.first.endsWith('-01') && m.last === `${m.first.slice(0, 4)}-12`;
/** "2025" when the months are one whole calendar year, else "04/2025 to 06/2025". */
const monthsWords = (m: { first: string; last: string }) =>
  wholeYear(m) ? m.first.slice(0, 4) : m.first === m.last ? monthText(m.first) : `${monthText(m.first)} to ${monthText(m.last)}`;

const INCOME_COLUMNS = [
  { header: 'Month', width: 0.9 },
  { header: 'Property', width: 2.2 },
  ...['Your share', 'Fee', 'Expenses', 'Net'].map((header) => ({ header, align: 'right' as const })),
];

/** Income lines as a table; LLC-expense shares (of an adjustment) as rows of their own among them. */
function incomeTable(income: IncomeLines, withLlcRows: boolean): PdfBlock {
  const rows = income.lines.map((l) => ({ month: l.month, cells: [monthText(l.month), l.propertyName, usd(l.gross), usd(-l.fee), usd(-l.expenses), usd(l.net)] }));
  if (withLlcRows) {
    for (const l of income.llcExpenses) rows.push({ month: l.month, cells: [monthText(l.month), 'LLC expenses (your share)', '', '', '', usd(l.cents)] });
    rows.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  }
  const net = withLlcRows ? income.total : income.lines.reduce((s, l) => s + l.net, 0);
  return {
    kind: 'table',
    columns: INCOME_COLUMNS,
    rows: rows.map((r) => r.cells),
    totals: [
      'Total', '',
      usd(income.lines.reduce((s, l) => s + l.gross, 0)),
      usd(-income.lines.reduce((s, l) => s + l.fee, 0)),
      usd(-income.lines.reduce((s, l) => s + l.expenses, 0)),
      usd(net),
    ],
  };
}

const hasLines = (income: IncomeLines) => income.lines.length > 0 || income.llcExpenses.length > 0;

/**
 * An investor statement as pages: the accounts first, each opening + movements =
 * closing, then the lines behind them. Income earned is shown by the month it belongs to (as the
 * investor page shows it), cash by the dates money moved, and the cash account reconciles one to the
 * other with lines of its own. Every figure printed is a sum of printed lines, or computed from printed
 * figures (the returns). Words name the rules (docs/rules/) so a reader can follow them.
 */
export function statementDocument(h: StatementHeader, f: StatementFigures, calls: StatementCall[] = []): PdfDocumentSpec {
  const { capital, earned, cash, returns } = f;
  const months = f.months ? monthsWords(f.months) : null;
  const sumOf = (pick: (l: IncomeLines['lines'][number]) => number) => earned.lines.reduce((s, l) => s + pick(l), 0);
  const adjusted = hasLines(cash.before) || hasLines(cash.otherMonths);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Investor Statement', subtitle: `${h.investorName} · ${dateText(h.from)} to ${dateText(h.to)}` },
    {
      kind: 'paragraph',
      muted: true,
      text:
        'Income appears here two ways. Income earned counts each amount in the month it belongs to, as your investor page ' +
        'shows it' + (months ? ` (here ${months}, as the books stood on ${dateText(h.to)})` : '') + '. The cash account counts ' +
        'money by the date it was received or paid, so rent paid in advance or an entry recorded late can reach your cash ' +
        'in another period; the cash account lists each such amount.',
    },
    { kind: 'heading', text: 'Capital account' },
    {
      kind: 'facts',
      rows: [
        { label: `Opening capital (${dateText(h.openingDate)})`, value: usd(capital.opening) },
        { label: 'Contributions', value: usd(capital.contributions) },
        { label: 'Returns of capital', value: usd(-capital.returns) },
        { label: `Closing capital (${dateText(h.to)})`, value: usd(capital.closing), strong: true },
      ],
    },
    { kind: 'heading', text: months ? `Income earned, by the month it belongs to: ${months}` : 'Income earned, by the month it belongs to' },
    months
      ? {
          kind: 'facts',
          rows: [
            { label: "Your share of the properties' net income", value: usd(sumOf((l) => l.gross)) },
            { label: 'Management fee', value: usd(-sumOf((l) => l.fee)) },
            { label: 'Expenses charged to you alone', value: usd(-sumOf((l) => l.expenses)) },
            { label: 'Your share of LLC expenses', value: usd(earned.llcExpenses.reduce((s, l) => s + l.cents, 0)) },
            { label: `Income earned in ${months}`, value: usd(earned.total), strong: true },
          ],
        }
      : { kind: 'paragraph', muted: true, text: 'No month begins in this period, so no income is counted here as earned; the cash account shows what the period\'s dates moved.' },
    { kind: 'heading', text: 'Cash account, by the dates money moved' },
    {
      kind: 'facts',
      rows: [
        { label: `Opening cash balance (${dateText(h.openingDate)})`, value: usd(cash.opening) },
        { label: months ? `Income earned in ${months} (above)` : 'Income earned (no month begins in this period)', value: usd(cash.earned) },
        ...(hasLines(cash.before)
          ? [{ label: `Less: of that, dated before ${dateText(h.from)}, already in the opening balance`, value: usd(-cash.before.total) }]
          : []),
        ...(hasLines(cash.otherMonths)
          ? [{ label: 'Income dated in the period for months outside it (paid ahead or recorded late)', value: usd(cash.otherMonths.total) }]
          : []),
        ...(adjusted ? [{ label: 'Income credited in the period', value: usd(cash.credited), strong: true }] : []),
        { label: 'Cash withdrawals', value: usd(-cash.withdrawals) },
        { label: `Closing cash balance (${dateText(h.to)})`, value: usd(cash.closing), strong: true },
      ],
    },
    { kind: 'heading', text: 'Return on investment' },
    {
      kind: 'facts',
      rows: [
        ...(months
          ? [
              { label: `Income earned in ${months}`, value: usd(earned.total) },
              { label: 'Capital-months: the capital you held in each of those months, added up', value: usd(returns.capitalMonths) },
              returns.period === null
                ? { label: `Return for ${months}`, value: 'no capital held', strong: true }
                : {
                    label: `${wholeYear(f.months!) ? `Return in ${months}` : `Return for ${months}, annualised`}: income × 12 ÷ capital-months`,
                    value: percentText(returns.period),
                    strong: true,
                  },
            ]
          : []),
        { label: `All your income to ${dateText(h.to)}`, value: usd(returns.allTime.income) },
        { label: 'The most capital you had invested at any time', value: usd(returns.allTime.peakCapital) },
        { label: 'Total return, all time: all income ÷ the most capital invested', value: percentText(returns.allTime.percent), strong: true },
      ],
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
  ];
  if (returns.capital.length) {
    blocks.push(
      { kind: 'heading', text: 'Capital held in each month' },
      {
        kind: 'paragraph',
        muted: true,
        text: 'Capital counts in a month when it was invested by the 15th; after the 15th it counts from the next month.',
      },
      {
        kind: 'table',
        columns: [{ header: 'Months', width: 1.6 }, { header: 'Count', align: 'right', width: 0.6 }, { header: 'Capital', align: 'right' }, { header: 'Capital-months', align: 'right' }],
        rows: returns.capital.map((r) => [r.from === r.to ? monthText(r.from) : `${monthText(r.from)} to ${monthText(r.to)}`, String(r.months), usd(r.cents), usd(r.cents * r.months)]),
        totals: ['Total', String(returns.capital.reduce((s, r) => s + r.months, 0)), '', usd(returns.capitalMonths)],
      },
    );
  }
  if (months) {
    blocks.push(
      { kind: 'heading', text: `Income earned by property and month: ${months}` },
      {
        kind: 'paragraph',
        muted: true,
        text:
          'Your share of each property\'s net income for the month, by the capital you held in it (an investment made after the ' +
          '15th counts from the next month), less the management fee on your share and expenses charged to you alone.',
      },
      earned.lines.length ? incomeTable(earned, false) : { kind: 'paragraph', text: 'No property income in these months.', muted: true },
    );
    if (earned.llcExpenses.length) {
      blocks.push(
        { kind: 'heading', text: 'LLC expenses' },
        { kind: 'paragraph', muted: true, text: 'Expenses of an LLC as a whole, shared among its members by the capital each held in the LLC that month.' },
        {
          kind: 'table',
          columns: [{ header: 'Month' }, { header: 'Your share', align: 'right' }],
          rows: earned.llcExpenses.map((l) => [monthText(l.month), usd(l.cents)]),
          totals: ['Total', usd(earned.llcExpenses.reduce((s, l) => s + l.cents, 0))],
        },
      );
    }
  }
  if (hasLines(cash.before)) {
    blocks.push(
      { kind: 'heading', text: `Income of ${months ?? 'these months'} dated before ${dateText(h.from)}` },
      { kind: 'paragraph', muted: true, text: 'Earned in the period\'s months but recorded with an earlier date (rent paid in advance, say): it was already in your opening cash balance.' },
      incomeTable(cash.before, true),
    );
  }
  if (hasLines(cash.otherMonths)) {
    blocks.push(
      { kind: 'heading', text: 'Income dated in the period for months outside it' },
      {
        kind: 'paragraph',
        muted: true,
        text:
          'Added to your cash in this period but belonging to another month: received in advance for a later month, or recorded ' +
          'late for an earlier one. It counts as income earned in the statement of the period that holds its month. A fee ' +
          'can move by a cent in such a month when earlier months change: the fee is rounded on its running total.',
      },
      incomeTable(cash.otherMonths, true),
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Movements in the period' },
    f.movements.length
      ? {
          kind: 'table',
          columns: [{ header: 'Date', width: 0.9 }, { header: 'Kind', width: 1.2 }, { header: 'Property', width: 1.6 }, { header: 'Description', width: 2.2 }, { header: 'Amount', align: 'right' }],
          rows: f.movements.map((m) => [dateText(m.date), KIND_WORDS[m.kind], m.propertyName ?? '', m.description, usd(m.cents)]),
        }
      : { kind: 'paragraph', text: 'No investments or withdrawals in this period.', muted: true },
    ...capitalCallBlocks(calls, h.to),
  );
  return {
    title: `Investor Statement ${h.investorName} ${dateText(h.from)} to ${dateText(h.to)}`,
    author: h.portalName,
    subject: `Statement of ${h.investorName} for ${dateText(h.from)} to ${dateText(h.to)}`,
    header: { name: h.portalName, ...(h.logoPng ? { logoPng: h.logoPng } : {}) },
    footer: `${h.investorName} · ${dateText(h.from)} to ${dateText(h.to)} · Prepared ${dayText(h.preparedAt)} · Confidential`,
    createdAt: h.preparedAt,
    blocks,
  };
}
