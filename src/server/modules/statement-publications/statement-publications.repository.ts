import type { Queryable } from '../../db/client.js';

export type PublicationRow = { id: number; from: string; to: string; publishedAt: Date; publishedBy: string | null; investors: number };

const PUBLICATION_COLUMNS = `s.id, s.period_from AS "from", s.period_to AS "to", s.published_at AS "publishedAt",
  u.username AS "publishedBy", s.investor_count AS investors`;

/** The publication of exactly this period, if there is one. */
export async function findPublication(db: Queryable, from: string, to: string): Promise<{ id: number } | undefined> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM statement_publication WHERE period_from = $1 AND period_to = $2', [from, to]);
  return row;
}

export async function insertPublication(
  tx: Queryable,
  p: { from: string; to: string; publishedBy: number | null; at: Date; investorIds: number[] },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO statement_publication (period_from, period_to, published_by, published_at, investor_count)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [p.from, p.to, p.publishedBy, p.at, p.investorIds.length],
  );
  const id = row!.id;
  if (p.investorIds.length > 0) {
    await tx.query(
      'INSERT INTO statement_publication_investor (publication_id, investor_id) SELECT $1, unnest($2::int[])',
      [id, p.investorIds],
    );
  }
  return id;
}

/** Every publication, newest first. */
export async function allPublications(db: Queryable): Promise<PublicationRow[]> {
  return db.query<PublicationRow>(
    `SELECT ${PUBLICATION_COLUMNS} FROM statement_publication s LEFT JOIN portal_user u ON u.id = s.published_by
      ORDER BY s.published_at DESC, s.id DESC`,
  );
}

/** The publications that include investor `investorId`, the latest period first. */
export async function publicationsFor(db: Queryable, investorId: number): Promise<PublicationRow[]> {
  return db.query<PublicationRow>(
    `SELECT ${PUBLICATION_COLUMNS} FROM statement_publication s
       JOIN statement_publication_investor si ON si.publication_id = s.id AND si.investor_id = $1
       LEFT JOIN portal_user u ON u.id = s.published_by
      ORDER BY s.period_to DESC, s.period_from DESC, s.id DESC`,
    [investorId],
  );
}
