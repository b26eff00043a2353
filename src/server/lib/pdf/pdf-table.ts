import type { PdfBlock, PdfColumn } from './pdf-spec.js';
import { type Doc, ensureSpace, rule, textAt, useFont } from './pdf-draw.js';
import { COLOR, CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_TOP, CONTENT_WIDTH, SIZE, SPACE } from './pdf-theme.js';

type TableBlock = Extract<PdfBlock, { kind: 'table' }>;
type Cell = { x: number; width: number; align: 'left' | 'right' };
type RowStyle = 'header' | 'body' | 'totals';

/** Space between columns; the outer edges of the first and last column sit on the content margins. */
const GUTTER = 10;

/**
 * A table with its header repeated on every page it runs onto. A row is measured before it is drawn
 * and moves whole to the next page when it does not fit, so an entry's date, description and amount
 * are never printed on different pages.
 */
export function drawTable(doc: Doc, table: TableBlock): void {
  const cells = layoutColumns(table.columns);
  const headers = table.columns.map((column) => column.header);
  const headerHeight = rowHeight(doc, cells, headers, 'header');
  const firstHeight = table.rows[0] ? rowHeight(doc, cells, table.rows[0], 'body') : 0;
  ensureSpace(doc, headerHeight + firstHeight);
  drawRow(doc, cells, headers, 'header', headerHeight);

  /** True when the row goes right under a header, which is ruled already. */
  const continueOnNewPageIfNeeded = (height: number): boolean => {
    if (doc.y + height <= CONTENT_BOTTOM) return false;
    doc.addPage();
    doc.y = CONTENT_TOP;
    drawRow(doc, cells, headers, 'header', headerHeight);
    return true;
  };

  table.rows.forEach((row, index) => {
    const height = rowHeight(doc, cells, row, 'body');
    const underHeader = continueOnNewPageIfNeeded(height) || index === 0;
    if (!underHeader) rule(doc, doc.y, { color: COLOR.hairline });
    drawRow(doc, cells, row, 'body', height);
  });

  if (table.totals) {
    const height = rowHeight(doc, cells, table.totals, 'totals');
    continueOnNewPageIfNeeded(height);
    rule(doc, doc.y, { width: 0.75, color: COLOR.ink });
    drawRow(doc, cells, table.totals, 'totals', height);
    doubleUnderline(doc, cells, table.totals);
  }
}

/** Column widths from their relative shares, each cell inset by half a gutter on its inner sides. */
function layoutColumns(columns: PdfColumn[]): Cell[] {
  const shares = columns.map((column) => column.width ?? 1);
  const total = shares.reduce((sum, share) => sum + share, 0);
  let x = CONTENT_LEFT;
  return columns.map((column, index) => {
    const width = (CONTENT_WIDTH * (shares[index] ?? 1)) / total;
    const insetLeft = index === 0 ? 0 : GUTTER / 2;
    const insetRight = index === columns.length - 1 ? 0 : GUTTER / 2;
    const cell: Cell = { x: x + insetLeft, width: width - insetLeft - insetRight, align: column.align ?? 'left' };
    x += width;
    return cell;
  });
}

function useRowFont(doc: Doc, style: RowStyle): void {
  if (style === 'header') useFont(doc, 'bold', SIZE.tableHeader, COLOR.muted);
  else useFont(doc, style === 'totals' ? 'bold' : 'regular', SIZE.table);
}

/** Text taller than a page is cut (with an ellipsis) rather than pushing the table off the page. */
const MAX_TEXT_HEIGHT = (CONTENT_BOTTOM - CONTENT_TOP) / 2;

function rowHeight(doc: Doc, cells: Cell[], texts: string[], style: RowStyle): number {
  useRowFont(doc, style);
  const tallest = Math.max(
    doc.currentLineHeight(),
    ...cells.map((cell, index) => (cell.align === 'right' ? 0 : doc.heightOfString(texts[index] ?? '', { width: cell.width }))),
  );
  return Math.min(tallest, MAX_TEXT_HEIGHT) + 2 * SPACE.cellPadding;
}

function drawRow(doc: Doc, cells: Cell[], texts: string[], style: RowStyle, height: number): void {
  const top = doc.y;
  useRowFont(doc, style);
  cells.forEach((cell, index) => {
    const text = texts[index] ?? '';
    if (text === '') return;
    // An amount is never broken over two lines: one too wide for its column runs into the gutter.
    if (cell.align === 'right') return textAt(doc, text, cell.x + cell.width, top + SPACE.cellPadding, 'right');
    doc.text(text, cell.x, top + SPACE.cellPadding, {
      width: cell.width,
      align: cell.align,
      height: height - 2 * SPACE.cellPadding,
      ellipsis: true,
    });
  });
  doc.y = top + height;
  if (style === 'header') rule(doc, doc.y, { width: 0.75, color: COLOR.ink });
}

/** The accountant's double rule under each total figure (drawn right after the totals row, in its font). */
function doubleUnderline(doc: Doc, cells: Cell[], totals: string[]): void {
  const y = doc.y;
  cells.forEach((cell, index) => {
    const text = totals[index];
    if (!text || cell.align !== 'right') return;
    const to = cell.x + cell.width;
    const from = Math.min(cell.x, to - doc.widthOfString(text));
    for (const offset of [0, 2]) rule(doc, y + offset, { width: 0.5, color: COLOR.ink, from, to });
  });
  doc.y = y + 2;
}
