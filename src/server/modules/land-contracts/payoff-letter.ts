import { dateText, dayText } from '../../../contract/values/human-format.js';
import type { Payoff } from '../../domain/land-contract-servicing.js';
import { interestFor } from '../../domain/land-contract-schedule.js';
import { usd } from '../../domain/money.js';
import type { PdfBlock, PdfDocumentSpec } from '../../lib/pdf/pdf-document.js';

export type LetterParties = {
  portalName: string;
  logoPng?: Buffer;
  llcName: string;
  llcAddress: string;
  buyerName: string | null;
  buyerAddress: string | null;
  propertyName: string;
  propertyAddress: string;
  rateBps: number;
  preparedAt: Date;
};

const rateText = (bps: number) => `${(bps / 100).toFixed(2)} %`;
/** The last day of the month of `date`. */
const monthEnd = (date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return `${date.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The payoff letter to the buyer: the payoff quote of lc_payoff on the seller's letterhead. Interest runs
 * by whole months (the contract's rule), so the figure holds to the month's last day; each further month
 * adds a month's interest on the principal.
 */
export function payoffLetter(p: LetterParties, q: Payoff): PdfDocumentSpec {
  const perMonth = interestFor(q.principal, p.rateBps, 1);
  const interestLabel = `Interest: ${q.months} month${q.months === 1 ? '' : 's'} at ${rateText(p.rateBps)}` +
    (q.lastPaymentDate ? ` since the payment of ${dateText(q.lastPaymentDate)}` : ' since the sale');
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Land contract payoff', subtitle: `${p.propertyName} · Payoff as of ${dateText(q.asOf)}` },
    { kind: 'paragraph', text: `${dayText(p.preparedAt)}` },
    { kind: 'paragraph', text: `From: ${p.llcName}${p.llcAddress ? `, ${p.llcAddress}` : ''}` },
    { kind: 'paragraph', text: `To: ${p.buyerName ?? 'The buyer'}${p.buyerAddress ? `, ${p.buyerAddress}` : ''}` },
    { kind: 'paragraph', text: `Property: ${p.propertyName}${p.propertyAddress ? `, ${p.propertyAddress}` : ''}` },
    { kind: 'heading', text: `Payoff as of ${dateText(q.asOf)}` },
    {
      kind: 'facts',
      rows: [
        { label: 'Principal balance', value: usd(q.principal) },
        { label: interestLabel, value: usd(q.interest - q.arrears) },
        ...(q.arrears ? [{ label: 'Interest carried from earlier payments', value: usd(q.arrears) }] : []),
        { label: 'Total to pay the contract off', value: usd(q.total), strong: true },
      ],
    },
    {
      kind: 'paragraph',
      text: `This figure holds for payment received on or before ${dateText(monthEnd(q.asOf))}. ` +
        `Interest is charged by whole months: each further month adds ${usd(perMonth)} of interest.`,
    },
    { kind: 'paragraph', muted: true, text: 'Payments recorded after the payoff date are not counted in this figure.' },
  ];
  return {
    title: `Payoff ${p.propertyName} ${dateText(q.asOf)}`,
    author: p.llcName,
    subject: `Payoff of the land contract on ${p.propertyName} as of ${dateText(q.asOf)}`,
    header: { name: p.portalName, ...(p.logoPng ? { logoPng: p.logoPng } : {}) },
    footer: `${p.propertyName} · Payoff as of ${dateText(q.asOf)} · Prepared ${dayText(p.preparedAt)}`,
    createdAt: p.preparedAt,
    blocks,
  };
}
