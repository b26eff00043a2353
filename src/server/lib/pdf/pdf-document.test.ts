import { beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { readPdf, type ReadPage } from '../../../../tests/support/read-pdf.js';
import { createZipWriter } from '../zip-stream.js';
import { pdfStream, renderPdf } from './pdf-document.js';
import { sampleStatement } from './sample-statement.fixture.js';
import { PAGE } from './pdf-theme.js';

describe('renderPdf', () => {
  // One 120-row statement, read back once, for the tests of layout over several pages.
  let bytes: Buffer;
  let pages: ReadPage[];
  beforeAll(async () => {
    bytes = await renderPdf(sampleStatement(120));
    pages = await readPdf(bytes);
  });

  it('lays a long statement over several US Letter pages, every figure selectable as text', () => {

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect([page.width, page.height]).toEqual([612, 792]);

    const all = pages.map((page) => page.text).join('\n');
    for (const figure of ['Investor statement', 'Zoë Müller-Ångström', '$136,543.22', 'Closing balance',
      '2024-01-01', '($123.45)', '2024-05-08', '$148,140.00', 'Total for the year', '$9,876,543.21']) {
      expect(all).toContain(figure);
    }
    expect(all).toContain('Figures are computed from the books');
  });

  it('numbers the pages "Page N of M" and repeats the running header on each', () => {
    pages.forEach((page, index) => {
      expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page.text).toContain('Maple Investor Portal');
      expect(page.text).toContain('Prepared 2025-01-31');
    });
  });

  it('keeps the content inside the margins, clear of the running header and footer', () => {
    const running = /^(Maple Investor Portal|Investor statement 2024|Prepared .*|Page \d+ of \d+)$/;
    for (const page of pages) {
      const outside = page.items.filter((item) => {
        const baseline = item.transform[5] ?? 0; // from the page's foot, in points
        return item.str.trim() !== '' && (baseline < PAGE.margins.bottom || baseline > PAGE.height - PAGE.margins.top);
      });
      expect(outside.map((item) => item.str).filter((text) => !running.test(text))).toEqual([]);
    }
  });

  it('repeats the table header on every page the table runs onto and never splits a row', () => {
    const tablePages = pages.filter((page) => /^2024-\d\d-\d\d$/m.test(page.text));
    expect(tablePages.length).toBeGreaterThan(2);
    for (const page of tablePages) {
      expect(page.items.map((item) => item.str)).toEqual(expect.arrayContaining(['Date', 'Description', 'Amount', 'Balance']));
      // Each date's row has its two amounts on the same line of the same page.
      for (const date of page.items.filter((item) => /^2024-\d\d-\d\d$/.test(item.str))) {
        const sameLine = page.items.filter((item) => Math.abs((item.transform[5] ?? 0) - (date.transform[5] ?? 0)) < 0.5);
        expect(sameLine.filter((item) => /^\(?\$[\d,]+\.\d\d\)?$/.test(item.str))).toHaveLength(2);
      }
    }
    // A description over three lines ends on the page where its row starts.
    const table = sampleStatement(120).blocks.find((block) => block.kind === 'table');
    for (const entry of [1, 18, 35, 52, 69, 86, 103, 120]) {
      const date = table?.rows[entry - 1]?.[0] ?? '?';
      const page = pages.find((candidate) => candidate.text.includes(`(entry ${entry})`));
      expect(page?.text).toContain(date);
    }
  });

  it('embeds its fonts (a TrueType subset), so no viewer substitutes its own', () => {
    const fonts = pages.flatMap((page) => page.fonts);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded).toBe(true);
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed(-Bold)?$/);
    }
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('embeds the logo once however many pages show it', () => {
    const images = bytes.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images).toHaveLength(1);
  });

  it('wraps a paragraph longer than a page onto the next, keeping every word', async () => {
    const words = Array.from({ length: 1500 }, (_, index) => `word${index}`);
    const long = await readPdf(await renderPdf({ title: 'Long text', blocks: [{ kind: 'paragraph', text: words.join(' ') }] }));
    expect(long.length).toBeGreaterThan(1);
    const text = long.map((page) => page.text).join(' ');
    expect(text).toContain('word0 ');
    expect(text).toContain('word1499');
  });

  it('streams the same document for a reply or a zip entry', async () => {
    const spec = sampleStatement(5);
    const streamed = await readPdf(await buffer(pdfStream(spec)));
    expect(streamed).toHaveLength(1);
    expect(streamed[0]?.text).toContain('Closing balance');

    const zip = createZipWriter();
    zip.add('statement.pdf', () => pdfStream(spec), { compress: false });
    zip.finish();
    const archive = await buffer(zip.stream);
    const start = archive.indexOf('%PDF-');
    const end = archive.indexOf('%%EOF', start) + '%%EOF'.length;
    expect((await readPdf(archive.subarray(start, end)))[0]?.text).toContain('Closing balance');
  });

  it('copes with awkward content: an empty table, an unbreakable word, a cell taller than a page', async () => {
    const url = `https://example.com/${'x'.repeat(300)}`;
    const edge = await readPdf(await renderPdf({
      title: 'Edge cases',
      blocks: [
        { kind: 'table', columns: [{ header: 'Date' }, { header: 'Amount', align: 'right' }], rows: [] },
        { kind: 'facts', rows: [{ label: url, value: '$1.00' }] },
        { kind: 'table', columns: [{ header: 'Description', width: 3 }, { header: 'Amount', align: 'right' }], rows: [
          [url, '$2.00'],
          [Array.from({ length: 600 }, (_, index) => `line${index}`).join('\n'), '$3.00'],
          ['after the tall row', '$4.00'],
        ] },
      ],
    }));
    const text = edge.map((page) => page.text).join('\n');
    for (const figure of ['$1.00', '$2.00', '$3.00', '$4.00', 'line0', 'after the tall row']) expect(text).toContain(figure);
    expect(text).not.toContain('line599'); // cut, with an ellipsis, at half a page
    expect(text).toContain('…');
  });
});
