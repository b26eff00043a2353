import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import type { Doc } from './pdf-draw.js';
import { FONT_FILES, type FontWeight } from './pdf-theme.js';

/**
 * Each font file parsed once per thread and handed to every document. Given a path, pdfkit reads the
 * 700 kB file and fontkit parses its tables again for every document: about half of a short
 * statement's layout (docs/performance.md, statements). A parsed font is only read by a document
 * (each document makes its own subset of the glyphs it used), so one can serve them all.
 */
const parsed = new Map<FontWeight, unknown>();

function parsedFont(weight: FontWeight): unknown {
  let font = parsed.get(weight);
  if (!font) parsed.set(weight, (font = create(readFileSync(FONT_FILES[weight]))));
  return font;
}

/**
 * Names the document's fonts by weight. The document must be opened with `font: null`: a default
 * font opened by the constructor would be found again by its PostScript name when the alias is first
 * used, and pdfkit returns before caching the alias then, so every switch would open the font anew.
 */
export function registerFonts(doc: Doc): void {
  for (const weight of Object.keys(FONT_FILES) as FontWeight[]) {
    // pdfkit (0.20) takes a parsed fontkit font as a source; its types list only files and bytes.
    doc.registerFont(weight, parsedFont(weight) as Buffer);
  }
}
