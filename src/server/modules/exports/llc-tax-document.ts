import type { LlcTaxesResponse } from '../../../contract/schemas/reports.js';
import { dateText, dayText } from '../../../contract/values/human-format.js';
import { usd } from '../../domain/money.js';
import type { PdfBlock, PdfDocumentSpec } from '../../lib/pdf/pdf-document.js';
import { llcFieldRows, llcMemberRows, MEMBER_TABLES } from './llc-tax-tables.js';

/** The LLC tax report as pages for the CPA: the same tables as its CSV, and the review notes. */
export function llcTaxDocument(h: { portalName: string; logoPng?: Buffer; llcName: string; year: number; preparedAt: Date }, r: LlcTaxesResponse): PdfDocumentSpec {
  const members = llcMemberRows(r);
  const table = (name: string, withProperty: boolean): PdfBlock[] => {
    const rows = members.filter((m) => m.table === name);
    const total = rows.reduce((s, m) => s + m.cents, 0);
    return [
      { kind: 'heading', text: name },
      rows.length
        ? {
            kind: 'table',
            columns: [
              { header: name === MEMBER_TABLES.llcExpenses ? 'Category' : 'Member', width: 2 },
              ...(withProperty ? [{ header: 'Property', width: 2 }] : []),
              { header: 'Amount', align: 'right' as const },
            ],
            rows: rows.map((m) => [m.category ?? m.member, ...(withProperty ? [m.property ?? ''] : []), usd(m.cents)]),
            totals: ['Total', ...(withProperty ? [''] : []), usd(total)],
          }
        : { kind: 'paragraph', text: 'None this year.', muted: true },
    ];
  };
  return {
    title: `LLC Tax Report ${h.llcName} ${h.year}`,
    author: h.portalName,
    subject: `Tax report of ${h.llcName} for ${h.year}`,
    header: { name: h.portalName, ...(h.logoPng ? { logoPng: h.logoPng } : {}) },
    footer: `${h.llcName} · Tax year ${h.year} · Prepared ${dayText(h.preparedAt)}`,
    createdAt: h.preparedAt,
    blocks: [
      { kind: 'title', text: 'LLC Tax Report', subtitle: `${h.llcName} · Tax year ${h.year}` },
      {
        kind: 'paragraph',
        muted: true,
        text:
          'Cash basis: an item counts in the year of its date. Each item is shared among the members by the capital ' +
          'each held in the property (LLC expenses: in the LLC) in the item\'s month. Management fees are shown apart, not deducted.',
      },
      { kind: 'facts', rows: llcFieldRows(r).map((f) => ({ label: f.field, value: f.cents !== null ? usd(f.cents) : f.date && f.text ? dateText(f.text) : (f.text ?? '') })) },
      ...table(MEMBER_TABLES.rental, false),
      ...table(MEMBER_TABLES.rentalByProperty, true),
      ...table(MEMBER_TABLES.ubia, true),
      ...table(MEMBER_TABLES.dividend, false),
      ...table(MEMBER_TABLES.dividendExpenses, false),
      ...table(MEMBER_TABLES.llcExpenses, false),
      ...table(MEMBER_TABLES.fees, false),
      { kind: 'heading', text: 'Properties in the report' },
      { kind: 'paragraph', text: r.properties_list.join(', ') || 'None.' },
      { kind: 'heading', text: 'For the CPA to review' },
      { kind: 'paragraph', text: r.review_notes.length ? r.review_notes.map((n) => `• ${n}`).join('\n') : 'Nothing flagged.' },
    ],
  };
}
