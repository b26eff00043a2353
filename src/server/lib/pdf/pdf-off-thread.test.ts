import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../tests/support/read-pdf.js';
import { pdfThreadRunning, pdfThreadSettings, renderPdfOffThread } from './pdf-off-thread.js';
import type { PdfDocumentSpec } from './pdf-document.js';

const spec = (title: string): PdfDocumentSpec => ({ title, blocks: [{ kind: 'title', text: title }, { kind: 'paragraph', text: 'Laid out on the PDF thread.' }] });

describe('PDFs laid out on a worker thread', () => {
  it('answers each document to its own request, several at once', async () => {
    const pdfs = await Promise.all(['One', 'Two', 'Three'].map((t) => renderPdfOffThread(spec(t))));
    const texts = await Promise.all(pdfs.map(async (pdf) => (await readPdf(pdf)).map((p) => p.text).join('\n')));
    expect(texts.map((t) => t.split('\n')[0])).toEqual(['One', 'Two', 'Three']);
  }, 60_000);

  it('fails a document that cannot be sent alone, and a layout error in words, then goes on', async () => {
    const unsendable = { ...spec('Bad'), blocks: [{ kind: 'paragraph', text: 'x', extra: () => 1 }] } as unknown as PdfDocumentSpec;
    await expect(renderPdfOffThread(unsendable)).rejects.toThrow(/could not be cloned/);
    const broken = { title: 'Broken', blocks: [{ kind: 'table', columns: null, rows: [[1]] }] } as unknown as PdfDocumentSpec;
    await expect(renderPdfOffThread(broken)).rejects.toThrow();
    const after = await renderPdfOffThread(spec('After'));
    expect((await readPdf(after))[0]!.text).toContain('After');
  }, 60_000);

  it('ends the thread once it has been idle a while (its memory goes back), and starts a new one for the next document', async () => {
    pdfThreadSettings.idleMs = 200;
    try {
      await renderPdfOffThread(spec('Before'));
      expect(pdfThreadRunning()).toBe(true);
      await expect.poll(() => pdfThreadRunning(), { timeout: 5_000 }).toBe(false);
      const next = await renderPdfOffThread(spec('Next'));
      expect((await readPdf(next))[0]!.text).toContain('Next');
    } finally {
      pdfThreadSettings.idleMs = 30_000;
    }
  }, 60_000);
});
