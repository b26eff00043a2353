import { crc32, deflateSync } from 'node:zlib';
import type { PdfDocumentSpec } from './pdf-document.js';

/**
 * A statement-shaped document for the tests: a title, facts, and a ledger long enough to run over
 * several pages, with a logo made here so no image file is needed.
 */
export function sampleStatement(rowCount = 120): PdfDocumentSpec {
  const rows = Array.from({ length: rowCount }, (_, index) => {
    const day = String((index % 28) + 1).padStart(2, '0');
    const month = String(Math.floor(index / 28) + 1).padStart(2, '0');
    const cents = (index + 1) * 12_345 * (index % 3 === 0 ? -1 : 1);
    const description = index % 17 === 0
      ? `Roof repair at 14 Maple Street, including gutters, flashing and the permit fee paid to the county (entry ${index + 1})`
      : `Rent received, unit ${(index % 6) + 1}`;
    return [`2024-${month}-${day}`, description, 'Maple LLC', dollars(cents), dollars(cents * 10)];
  });
  return {
    title: 'Investor statement 2024',
    author: 'Maple Investments',
    header: { name: 'Maple Investor Portal', logoPng: solidPng(24, 24, [37, 99, 235]) },
    footer: 'Prepared 2025-01-31 · Confidential: for the named investor and their advisers',
    createdAt: new Date('2025-01-31T12:00:00Z'),
    blocks: [
      { kind: 'title', text: 'Investor statement', subtitle: 'Zoë Müller-Ångström · January 1 – December 31, 2024' },
      { kind: 'facts', rows: [
        { label: 'Opening balance', value: '$120,000.00' },
        { label: 'Contributions', value: '$25,000.00' },
        { label: 'Distributions', value: '−$8,456.78' },
        { label: 'Closing balance', value: '$136,543.22', strong: true },
      ] },
      { kind: 'heading', text: 'Activity' },
      { kind: 'paragraph', text: 'Every movement of money on your account during the year, in the order it was recorded. Amounts in parentheses are money paid out.', muted: true },
      { kind: 'table',
        columns: [
          { header: 'Date', width: 1.3 },
          { header: 'Description', width: 4 },
          { header: 'Entity', width: 1.6 },
          { header: 'Amount', align: 'right', width: 1.4 },
          { header: 'Balance', align: 'right', width: 1.6 },
        ],
        rows,
        totals: ['', 'Total for the year', '', '$9,876,543.21', ''] },
      { kind: 'heading', text: 'Notes' },
      { kind: 'paragraph', text: 'Figures are computed from the books as recorded on the date of this statement. '.repeat(12) },
    ],
  };
}

function dollars(cents: number): string {
  const abs = Math.abs(cents);
  const text = `$${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `(${text})` : text;
}

/** A one-colour RGB PNG, built by hand (signature, IHDR, IDAT, IEND). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => line));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
