import {
  COLOR, CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, type FontWeight,
} from './pdf-theme.js';

/** The few drawing primitives the blocks share, so each block file speaks in layout, not in PDF calls. */

export type Doc = PDFKit.PDFDocument;

/** Fonts are named by weight (pdf-fonts.ts registers each document's, parsed once per thread). */
export function useFont(doc: Doc, weight: FontWeight, size: number, color: string = COLOR.ink): void {
  doc.font(weight).fontSize(size).fillColor(color);
}

/** A horizontal line; thin rules instead of boxes keep a statement readable when printed. */
export function rule(doc: Doc, y: number, options: { width?: number; color?: string; from?: number; to?: number } = {}): void {
  doc
    .save()
    .moveTo(options.from ?? CONTENT_LEFT, y)
    .lineTo(options.to ?? CONTENT_RIGHT, y)
    .lineWidth(options.width ?? 0.5)
    .strokeColor(options.color ?? COLOR.rule)
    .stroke()
    .restore();
}

/**
 * Starts a new page unless `height` points still fit below the cursor. Every block asks before it
 * draws, so nothing is cut at the page's foot; pdfkit's own page break is left to running paragraphs.
 */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= CONTENT_BOTTOM || doc.y <= CONTENT_TOP) return false;
  doc.addPage();
  doc.y = CONTENT_TOP;
  return true;
}

/**
 * One line of text at an exact place, right-aligned against `x` when asked. Positioned by hand rather
 * than with pdfkit's `width`, which would wrap and, in the running header and footer (outside the
 * content area), start a new page.
 */
export function textAt(doc: Doc, text: string, x: number, y: number, align: 'left' | 'right' = 'left'): void {
  const left = align === 'right' ? x - doc.widthOfString(text) : x;
  doc.text(text, left, y, { lineBreak: false });
}
