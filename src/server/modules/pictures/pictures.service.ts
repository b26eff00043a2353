import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { imageTypeOf, MAX_PICTURE_BYTES } from '../../domain/image-type.js';
import type { Clock } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { existingProperty } from '../references.js';
import { findPicture, insertPicture, setPropertyPicture } from './pictures.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The address a stored picture is served at, on the portal's own origin. */
export const pictureUrl = (id: string) => `/pictures/${id}`;

/**
 * Property pictures kept by the portal: checked by content, stored in the database
 * (so a backup carries them), served from the portal's own origin with their type and nosniff.
 */
export function createPicturesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async upload(input: { data: string; property_name?: string | null }, ctx: WriteContext): Promise<{ picture_url: string }> {
      const bytes = new Uint8Array(Buffer.from(input.data, 'base64'));
      if (bytes.length > MAX_PICTURE_BYTES) throw new ValidationError('The picture is too large: it may be at most 2 MB.');
      const contentType = imageTypeOf(bytes);
      if (!contentType) throw new ValidationError('The picture must be a JPEG, PNG or WebP image.');
      const id = randomUUID();
      const url = pictureUrl(id);
      await db.transaction(async (tx) => {
        const property = input.property_name ? await existingProperty(tx, input.property_name) : null; // unknown → 404
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await insertPicture(tx, { id, contentType, bytes, sha256, createdBy: ctx.userId });
        if (property) await setPropertyPicture(tx, property.id, url);
        await auditChange(tx, ctx, clock.now(), {
          action: 'upload_picture', entity: 'picture', id,
          before: property ? { property: property.name, picture_url: property.pictureUrl } : null,
          after: { content_type: contentType, bytes: bytes.length, sha256, ...(property ? { property: property.name, picture_url: url } : {}) },
        });
      });
      return { picture_url: url };
    },

    /** A stored picture, or undefined (an id that is not a UUID is simply not found). */
    find: (id: string) => (UUID.test(id) ? findPicture(db, id) : Promise.resolve(undefined)),
  };
}

export type PicturesService = ReturnType<typeof createPicturesService>;
