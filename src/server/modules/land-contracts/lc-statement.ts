import { dateText, dayText } from '../../../contract/values/human-format.js';
import type { YearStatement } from '../../domain/land-contract-servicing.js';
import { usd } from '../../domain/money.js';
import type { PdfBlock, PdfDocumentSpec } from '../../lib/pdf/pdf-document.js';
import type { LetterParties } from './payoff-letter.js';

/**
 * The buyer's year-end statement: each payment received in the year split into interest and principal by
 * the contract's rule (the split the seller's tax report uses), the year's totals and the balance at
 * December 31: what the buyer needs for their own return.
 */
export function lcStatement(p: LetterParties, s: YearStatement): PdfDocumentSpec {
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `Year-end statement ${s.year}`, subtitle: `${p.propertyName} · Land contract` },
    {
      kind: 'facts',
      rows: [
        { label: 'Buyer', value: [p.buyerName ?? 'The buyer', p.buyerAddress].filter(Boolean).join(', ') },
        { label: 'Seller', value: [p.llcName, p.llcAddress].filter(Boolean).join(', ') },
        { label: 'Property', value: [p.propertyName, p.propertyAddress].filter(Boolean).join(', ') },
        { label: `Balance at ${dateText(`${s.year}-01-01`)}`, value: usd(s.balanceStart) },
      ],
    },
    { kind: 'heading', text: `Payments received in ${s.year}` },
    s.payments.length
      ? {
          kind: 'table',
          columns: [{ header: 'Date', width: 1.1 }, ...['Amount', 'Interest', 'Principal', 'Balance after'].map((header) => ({ header, align: 'right' as const }))],
          rows: s.payments.map((r) => [dateText(r.date), usd(r.cents), usd(r.interest), usd(r.principal), usd(r.balance)]),
          totals: ['Total', usd(s.totals.amount), usd(s.totals.interest), usd(s.totals.principal), ''],
        }
      : { kind: 'paragraph', muted: true, text: `No payments were received in ${s.year}.` },
    {
      kind: 'facts',
      rows: [
        { label: `Interest paid in ${s.year}`, value: usd(s.totals.interest) },
        { label: `Principal paid in ${s.year}`, value: usd(s.totals.principal) },
        { label: `Balance at ${dateText(`${s.year}-12-31`)}`, value: usd(s.balanceEnd), strong: true },
      ],
    },
    {
      kind: 'paragraph',
      muted: true,
      text: 'Each payment pays the interest owed for the whole months since the previous payment first; interest a payment ' +
        'does not cover is carried to the next; the rest reduces the balance.',
    },
  ];
  return {
    title: `Year-end statement ${s.year} ${p.propertyName}`,
    author: p.llcName,
    subject: `Land contract year-end statement ${s.year} for ${p.propertyName}`,
    header: { name: p.portalName, ...(p.logoPng ? { logoPng: p.logoPng } : {}) },
    footer: `${p.propertyName} · ${s.year} · Prepared ${dayText(p.preparedAt)}`,
    createdAt: p.preparedAt,
    blocks,
  };
}
