/**
 * Whether a request's Accept-Encoding takes gzip (RFC 9110 §12.5.3): named (or as x-gzip) with a
 * quality above zero, or covered by `*` when not named. No header: the identity coding only.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let anyCoding = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const quality = params.find((p) => p.startsWith('q='));
    const wanted = quality === undefined || Number(quality.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return wanted;
    if (coding === '*') anyCoding = wanted;
  }
  return anyCoding;
}
