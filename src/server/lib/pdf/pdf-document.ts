import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { drawBlock } from './pdf-blocks.js';
import { type Doc, rule, textAt, useFont } from './pdf-draw.js';
import { registerFonts } from './pdf-fonts.js';
import type { PdfDocumentSpec } from './pdf-spec.js';
import { COLOR, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, PAGE, SIZE } from './pdf-theme.js';

export type { PdfBlock, PdfColumn, PdfDocumentSpec, PdfFact } from './pdf-spec.js';

/**
 * The PDF as a stream, for `reply.type('application/pdf').send(...)` or a zip entry. The pages are
 * laid out before the first byte goes out: "Page N of M" needs M, so pages are buffered, and a
 * statement is a few pages, not a ledger dump.
 */
export function pdfStream(spec: PdfDocumentSpec): Readable {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    // No default font: pdfkit would otherwise load Helvetica and list it, unembedded; the document's
    // own fonts are registered just below (pdf-fonts.ts says why not here).
    font: null as unknown as string,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: spec.title,
      ...(spec.author ? { Author: spec.author } : {}),
      ...(spec.subject ? { Subject: spec.subject } : {}),
      ...(spec.createdAt ? { CreationDate: spec.createdAt } : {}),
      Creator: spec.header?.name ?? 'Investor portal',
    },
  });
  registerFonts(doc);
  doc.font('regular');
  doc.y = CONTENT_TOP;
  spec.blocks.forEach((block, i) => drawBlock(doc, block, spec.blocks[i + 1]));
  stampPages(doc, spec);
  doc.end();
  return doc;
}

/** The whole PDF in memory, for tests and for callers that need its length. */
export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  return buffer(pdfStream(spec));
}

/** pdfkit's image handle, so a logo is embedded once and referenced from every page (not in its types). */
type ImageHandle = { width: number; height: number };
type WithOpenImage = { openImage(src: Buffer): ImageHandle };

const LOGO_HEIGHT = 14;

/** The running header and footer, drawn on every page once the page count is known. */
function stampPages(doc: Doc, spec: PdfDocumentSpec): void {
  const logo = spec.header?.logoPng ? (doc as Doc & WithOpenImage).openImage(spec.header.logoPng) : null;
  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    doc.switchToPage(start + index);
    useFont(doc, 'regular', SIZE.running, COLOR.muted);
    const textTop = PAGE.headerTop + (LOGO_HEIGHT - doc.currentLineHeight()) / 2;
    let nameLeft = CONTENT_LEFT;
    if (logo) {
      const width = (logo.width / logo.height) * LOGO_HEIGHT;
      doc.image(logo as unknown as Buffer, CONTENT_LEFT, PAGE.headerTop, { width, height: LOGO_HEIGHT });
      nameLeft += width + 6;
    }
    if (spec.header) {
      useFont(doc, 'bold', SIZE.running, COLOR.muted);
      textAt(doc, spec.header.name, nameLeft, textTop);
      useFont(doc, 'regular', SIZE.running, COLOR.muted);
    }
    textAt(doc, spec.title, CONTENT_RIGHT, textTop, 'right');
    rule(doc, PAGE.headerRule, { color: COLOR.rule });

    rule(doc, PAGE.footerRule, { color: COLOR.rule });
    if (spec.footer) textAt(doc, spec.footer, CONTENT_LEFT, PAGE.footerText);
    textAt(doc, `Page ${index + 1} of ${count}`, CONTENT_RIGHT, PAGE.footerText, 'right');
  }
}
