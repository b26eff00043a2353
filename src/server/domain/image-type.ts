/**
 * The type of an uploaded picture, read from its first bytes (its "magic number"), never from the name
 * or the type the browser claims: a file that is not a JPEG, PNG or WebP image is refused.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, k) => bytes[at + k] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The largest picture accepted: 2 MiB, plenty for a 200×200 card and a detail view. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
