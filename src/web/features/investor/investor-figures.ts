import type { InvestorSummaryResponse } from '../../../contract/schemas/investor';

/** "No data" per docs/product.md "Screens": nothing invested, no income and nothing distributed. */
export const hasNoData = (s: InvestorSummaryResponse): boolean =>
  s.investments_per_month.length === 0 && s.cashflow_per_month.length === 0 && s.distributions_per_month.length === 0;

/** roi_per_year as [year, percent] pairs, oldest year first (the chart reads left to right). */
export const roiByYear = (roi: Record<string, number>): [string, number][] =>
  Object.entries(roi).sort(([a], [b]) => a.localeCompare(b));

/** property_pictures is a list of single-entry maps; this flattens it to name and url pairs. */
export const propertyPictures = (pictures: Record<string, string>[]): { name: string; url: string }[] =>
  pictures.flatMap((entry) => Object.entries(entry).map(([name, url]) => ({ name, url })));

/**
 * The letters of a property's drawn tile, while it has no picture: the first letter of
 * its first two words. "Oak Street Duplex" → "OS", "12 Elm" → "1E", "maple" → "M".
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s\-_/.,&]+/u).filter(Boolean);
  return words.slice(0, 2).map((w) => [...w][0]!.toLocaleUpperCase('en-US')).join('') || '?';
}
