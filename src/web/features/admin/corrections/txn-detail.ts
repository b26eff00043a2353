/**
 * A viewer row's detail as a person reads it. The server writes "Category: description"; when the
 * description already starts with the category ("Rent: Rent 11/2026, four units"), the prefix only repeats
 * it, so just the description is shown ("Rent 11/2026, four units"). "Repairs: Roof repair" stays whole.
 * Display only: the delete call sends the detail as the server wrote it.
 */
export function shownDetail(detail: string): string {
  const m = /^([^:]{1,80}):\s+(.+)$/s.exec(detail);
  if (!m) return detail;
  const [, prefix, rest] = m as unknown as [string, string, string];
  const startsWithPrefix = rest.toLowerCase().startsWith(prefix.trim().toLowerCase());
  // The same word, not a longer one: "Rent: Rental deposit" keeps its prefix.
  const wholeWord = !/^[\p{L}\p{N}]/u.test(rest.slice(prefix.trim().length));
  return startsWithPrefix && wholeWord ? rest : detail;
}
