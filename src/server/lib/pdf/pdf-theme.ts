import { createRequire } from 'node:module';

/**
 * The look of every PDF the portal prints: one page geometry, one type family, a few greys. Kept in
 * one place so the statements and the tax package read as one house style.
 */

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans Condensed, embedded (subset) in every document: the standard 14 PDF fonts are not
 * embedded, so a viewer would substitute its own and the amounts could shift; DejaVu also covers the
 * accented and non-Latin letters of investors' names, and its digits share one width, so right-aligned
 * amounts line up. The condensed cut keeps six-column tables on a page.
 */
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
} as const;

export type FontWeight = keyof typeof FONT_FILES;

/**
 * US Letter (612 × 792 pt): the investors and their CPAs are in the United States and print on Letter;
 * an A4 page printed there is cropped or shrunk.
 */
export const PAGE = {
  size: 'LETTER',
  width: 612,
  height: 792,
  /** The content area; the running header and footer sit in the top and bottom margins. */
  margins: { top: 80, bottom: 66, left: 54, right: 54 },
  headerTop: 36,
  headerRule: 58,
  footerRule: 738,
  footerText: 746,
} as const;

export const CONTENT_LEFT = PAGE.margins.left;
export const CONTENT_RIGHT = PAGE.width - PAGE.margins.right;
export const CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT;
export const CONTENT_TOP = PAGE.margins.top;
export const CONTENT_BOTTOM = PAGE.height - PAGE.margins.bottom;

export const COLOR = {
  ink: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  hairline: '#e5e7eb',
} as const;

/** Point sizes; line heights follow from the font. */
export const SIZE = {
  title: 17,
  subtitle: 10,
  heading: 11,
  body: 9.5,
  small: 8.5,
  table: 8.5,
  tableHeader: 7.5,
  running: 7.5,
} as const;

/** Vertical rhythm, in points. */
export const SPACE = {
  block: 12,
  beforeHeading: 10,
  cellPadding: 3.5,
  factPadding: 4,
} as const;
