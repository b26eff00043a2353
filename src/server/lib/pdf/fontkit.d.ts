// fontkit ships no types; the portal uses one call of it (pdf-fonts.ts).
declare module 'fontkit' {
  /** Parses a TrueType/OpenType font file; the result is handed to pdfkit, which reads it. */
  export function create(buffer: Uint8Array): unknown;
}
