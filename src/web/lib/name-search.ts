/**
 * Finding a name in a long list (the admin's investors): every word typed appears somewhere in the name,
 * in any case and order, with or without accents. "ann sm" finds "Ann Smith" and "Smith, Annabel";
 * "jose" finds "José"; nothing typed finds every name.
 */
export function matchesName(name: string, typed: string): boolean {
  const words = folded(typed).split(/\s+/).filter(Boolean);
  const key = folded(name);
  return words.every((word) => key.includes(word));
}

/** Lower case without accents: "José" → "jose" (the accents are split off, then dropped). */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US').trim();
