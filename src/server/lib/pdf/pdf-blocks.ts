import type { PdfBlock, PdfFact } from './pdf-spec.js';
import { type Doc, ensureSpace, rule, useFont } from './pdf-draw.js';
import { drawTable } from './pdf-table.js';
import { COLOR, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, CONTENT_WIDTH, SIZE, SPACE } from './pdf-theme.js';

/**
 * Lays out one block at the cursor and leaves the cursor below it, one block's space further on.
 * `next` is the block that follows: a heading keeps it on its own page.
 */
export function drawBlock(doc: Doc, block: PdfBlock, next?: PdfBlock): void {
  switch (block.kind) {
    case 'title': drawTitle(doc, block.text, block.subtitle); break;
    case 'heading': drawHeading(doc, block.text, next?.kind === 'paragraph' ? paragraphHeight(doc, next.text, next.muted ?? false) + SPACE.block : 0); break;
    case 'paragraph': drawParagraph(doc, block.text, block.muted ?? false); break;
    case 'facts': drawFacts(doc, block.rows); break;
    case 'table': drawTable(doc, block); break;
  }
  doc.y += SPACE.block;
}

function drawTitle(doc: Doc, text: string, subtitle: string | undefined): void {
  useFont(doc, 'bold', SIZE.title);
  ensureSpace(doc, doc.heightOfString(text, { width: CONTENT_WIDTH }) + 20);
  doc.text(text, CONTENT_LEFT, doc.y, { width: CONTENT_WIDTH });
  if (subtitle) {
    doc.y += 2;
    useFont(doc, 'regular', SIZE.subtitle, COLOR.muted);
    doc.text(subtitle, CONTENT_LEFT, doc.y, { width: CONTENT_WIDTH });
  }
  doc.y += 4;
}

/**
 * A heading keeps the first lines of what follows on its page, so it never ends a page alone: an
 * introducing paragraph (`introHeight`) and the first rows after it, or a table's header and first rows.
 */
function drawHeading(doc: Doc, text: string, introHeight: number): void {
  useFont(doc, 'bold', SIZE.heading);
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH });
  if (!ensureSpace(doc, SPACE.beforeHeading + height + introHeight + 56) && doc.y > CONTENT_TOP) doc.y += SPACE.beforeHeading;
  doc.text(text, CONTENT_LEFT, doc.y, { width: CONTENT_WIDTH });
  doc.y += 2;
  rule(doc, doc.y, { color: COLOR.rule });
  doc.y += 4;
}

const useParagraphFont = (doc: Doc, muted: boolean) =>
  useFont(doc, 'regular', muted ? SIZE.small : SIZE.body, muted ? COLOR.muted : COLOR.ink);

/** Running text may flow onto the next page (pdfkit breaks it by line); its first two lines stay together. */
function drawParagraph(doc: Doc, text: string, muted: boolean): void {
  useParagraphFont(doc, muted);
  ensureSpace(doc, doc.currentLineHeight(true) * 2);
  doc.text(text, CONTENT_LEFT, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
}

/** How tall a paragraph will be, measured in its own font (the caller sets its font again after). */
function paragraphHeight(doc: Doc, text: string, muted: boolean): number {
  useParagraphFont(doc, muted);
  return doc.heightOfString(text, { width: CONTENT_WIDTH, lineGap: 1.5 });
}

/**
 * Label on the left, value flush right, a hairline between rows; a strong row (a balance or a total)
 * is bold with a darker rule above it, as a subtotal is ruled off in a ledger.
 */
function drawFacts(doc: Doc, rows: PdfFact[]): void {
  rows.forEach((row, index) => {
    const weight = row.strong ? 'bold' : 'regular';
    useFont(doc, weight, SIZE.body);
    // The value takes the width it needs (up to half the line, then wraps); the label the rest.
    const valueWidth = Math.min(doc.widthOfString(row.value) + 0.5, CONTENT_WIDTH / 2);
    const labelWidth = CONTENT_WIDTH - valueWidth - 16;
    const textHeight = Math.max(
      doc.heightOfString(row.label, { width: labelWidth }),
      doc.heightOfString(row.value, { width: valueWidth }),
    );
    const height = textHeight + 2 * SPACE.factPadding;
    ensureSpace(doc, height);
    const top = doc.y;
    if (row.strong) rule(doc, top, { width: 0.75, color: COLOR.ink });
    else if (index > 0) rule(doc, top, { color: COLOR.hairline });
    doc.text(row.label, CONTENT_LEFT, top + SPACE.factPadding, { width: labelWidth });
    doc.text(row.value, CONTENT_RIGHT - valueWidth, top + SPACE.factPadding, { width: valueWidth, align: 'right' });
    doc.y = top + height;
  });
}
