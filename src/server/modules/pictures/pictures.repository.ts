import type { Queryable } from '../../db/client.js';
import type { ImageType } from '../../domain/image-type.js';

export type StoredPicture = { contentType: ImageType; bytes: Uint8Array };

export async function insertPicture(
  db: Queryable,
  p: { id: string; contentType: ImageType; bytes: Uint8Array; sha256: string; createdBy: number | null },
): Promise<void> {
  await db.query('INSERT INTO picture (id, content_type, bytes, sha256, created_by) VALUES ($1, $2, $3, $4, $5)', [
    p.id, p.contentType, p.bytes, p.sha256, p.createdBy,
  ]);
}

export async function findPicture(db: Queryable, id: string): Promise<StoredPicture | undefined> {
  const [row] = await db.query<StoredPicture>('SELECT content_type AS "contentType", bytes FROM picture WHERE id = $1', [id]);
  return row;
}

export async function setPropertyPicture(db: Queryable, propertyId: number, url: string): Promise<void> {
  await db.query('UPDATE property SET picture_url = $2 WHERE id = $1', [propertyId, url]);
}
