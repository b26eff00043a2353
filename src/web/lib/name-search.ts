/**
 * Finding a name in a long list (the admin's investors): every word typed appears somewhere in the name,
 * in any case and order. "ann sm" finds "Ann Smith" and "Smith, Annabel"; nothing typed finds every name.
 */
export function matchesName(name: string, typed: string): boolean {
  const words = typed.trim().toLocaleLowerCase('en-US').split(/\s+/).filter(Boolean);
  const key = name.toLocaleLowerCase('en-US');
  return words.every((word) => key.includes(word));
}
