import type { Queryable } from '../../db/client.js';
import { nameIs } from '../../lib/names.js';

export type Loren = { id: number; name: string };

export async function findLorenByName(db: Queryable, name: string): Promise<Loren | undefined> {
  const [row] = await db.query<Loren>(`SELECT id, name FROM loren WHERE ${nameIs('$1')}`, [name]);
  return row;
}

export async function insertLoren(db: Queryable, name: string): Promise<Loren> {
  const [row] = await db.query<Loren>('INSERT INTO loren (name) VALUES ($1) RETURNING id, name', [name]);
  return row!;
}
