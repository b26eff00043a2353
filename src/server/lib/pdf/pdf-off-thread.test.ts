import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../tests/support/read-pdf.js';
import { pdfThreadsFor, pdfThreadsRunning, pdfThreadSettings, renderPdfOffThread } from './pdf-off-thread.js';
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
      // One document per running thread (each goes to an idle one), so every thread is idle from now.
      await Promise.all(Array.from({ length: Math.max(1, pdfThreadsRunning()) }, (_, k) => renderPdfOffThread(spec(`Before ${k}`))));
      expect(pdfThreadsRunning()).toBeGreaterThan(0);
      await expect.poll(() => pdfThreadsRunning(), { timeout: 5_000 }).toBe(0);
      const next = await renderPdfOffThread(spec('Next'));
      expect((await readPdf(next))[0]!.text).toContain('Next');
    } finally {
      pdfThreadSettings.idleMs = 30_000;
    }
  }, 60_000);

  it('lays out on as many threads as the machine has cores, at most four, and never more at once', async () => {
    expect([1, 2, 3, 4, 8, 64].map(pdfThreadsFor)).toEqual([1, 2, 3, 4, 4, 4]);
    expect(pdfThreadsFor(0)).toBe(1);
    const threads = pdfThreadSettings.threads;
    pdfThreadSettings.threads = 3;
    try {
      const titles = Array.from({ length: 9 }, (_, k) => `Doc ${k}`);
      const pending = titles.map((t) => renderPdfOffThread(spec(t)));
      expect(pdfThreadsRunning()).toBe(3);
      const pdfs = await Promise.all(pending);
      expect(await Promise.all(pdfs.map(async (pdf) => (await readPdf(pdf))[0]!.text.split('\n')[0]))).toEqual(titles);
    } finally {
      pdfThreadSettings.threads = threads;
    }
  }, 60_000);
});
