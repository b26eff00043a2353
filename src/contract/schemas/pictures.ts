import { z } from 'zod';
import { OptionalName } from '../fields.js';

/** Property pictures the portal keeps itself (served from its own origin at /pictures/{id}). */

/** 2 MiB of picture is at most 2,796,204 characters of base64. */
const MAX_BASE64 = 2_796_204;

export const UploadPictureRequest = z.strictObject({
  /** The file's bytes in base64 (a data: URL prefix is accepted and dropped). */
  data: z
    .string()
    .min(1, 'is required')
    .max(MAX_BASE64 + 100, 'is too large: a picture may be at most 2 MB')
    // What the API reference states: base64, maybe after a data: URL prefix (the refine below).
    .meta({
      pattern: String.raw`^(?:data:[^,]{0,100},)?[A-Za-z0-9+/]+={0,2}$`,
      description: 'A JPEG, PNG or WebP picture of at most 2 MB (2,097,152 bytes), in base64; a data: URL prefix is accepted.',
    })
    .transform((value) => value.replace(/^data:[^,]{0,100},/, ''))
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value), 'must be the picture in base64'),
  /** Optional: the property whose picture this becomes at once. */
  property_name: OptionalName,
});

export const UploadPictureResponse = z.object({ message: z.string(), picture_url: z.string() });
