import type { Queryable } from '../../db/client.js';

/** Where a notice goes: the portal user (when the investor has a login), the investor, the address. */
export type NoticeRecipient = { userId: number | null; investorId: number | null; email: string };

/** A user's account and their investor's e-mail address (admins have none). */
export async function recipientOfUser(tx: Queryable, userId: number): Promise<NoticeRecipient | undefined> {
  const [row] = await tx.query<{ user_id: number; investor_id: number | null; email: string | null }>(
    `SELECT u.id AS user_id, u.investor_id, i.email FROM portal_user u LEFT JOIN investor i ON i.id = u.investor_id WHERE u.id = $1`,
    [userId],
  );
  return row && { userId: row.user_id, investorId: row.investor_id, email: row.email ?? '' };
}

/** An investor's e-mail address and live login, if any. */
export async function recipientOfInvestor(tx: Queryable, investorId: number): Promise<NoticeRecipient | undefined> {
  const [row] = await tx.query<{ user_id: number | null; investor_id: number; email: string }>(
    `SELECT u.id AS user_id, i.id AS investor_id, i.email
       FROM investor i LEFT JOIN portal_user u ON u.investor_id = i.id AND u.deleted_at IS NULL
      WHERE i.id = $1`,
    [investorId],
  );
  return row && { userId: row.user_id, investorId: row.investor_id, email: row.email };
}

/** The events a user turned off. */
export async function eventsTurnedOff(tx: Queryable, userId: number): Promise<Set<string>> {
  const rows = await tx.query<{ event: string }>('SELECT event FROM notice_setting WHERE user_id = $1 AND NOT enabled', [userId]);
  return new Set(rows.map((r) => r.event));
}

export async function saveSetting(tx: Queryable, userId: number, event: string, enabled: boolean): Promise<void> {
  await tx.query(
    `INSERT INTO notice_setting (user_id, event, enabled, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id, event) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, event, enabled],
  );
}

export type NewNotice = {
  event: string; dedupeKey: string; userId: number | null; investorId: number | null; address: string;
  subject: string; text: string; html: string; headers: Record<string, string>;
};

/** The dedupe key is unique: the same event for the same person is queued once; answers whether it was. */
export async function insertNotice(tx: Queryable, n: NewNotice): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO notice_outbox (event, dedupe_key, user_id, investor_id, address, subject, body_text, body_html, headers, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, now(), now())
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [n.event, n.dedupeKey, n.userId, n.investorId, n.address, n.subject, n.text, n.html, JSON.stringify(n.headers)],
  );
  return rows.length > 0;
}

/** The id of the current transaction: what tells apart two events of one kind for one person. */
export async function transactionId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ xid: string }>('SELECT txid_current()::text AS xid');
  return row!.xid;
}

export type ClaimedNotice = {
  id: number; dedupe_key: string; address: string; subject: string; body_text: string; body_html: string;
  headers: Record<string, string>; attempts: number;
};

/**
 * Claims up to `limit` due notices for `claimMs`: another server skips rows claimed or locked (SKIP
 * LOCKED), and a claim that runs out (its server stopped mid-send) makes the row due again. Each claim
 * counts as an attempt, so a row that stops its sender every time still reaches the cap.
 */
export async function claimDue(tx: Queryable, limit: number, claimMs: number): Promise<ClaimedNotice[]> {
  return tx.query<ClaimedNotice>(
    `UPDATE notice_outbox SET claimed_until = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
      WHERE id IN (SELECT id FROM notice_outbox
                    WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                      AND (claimed_until IS NULL OR claimed_until <= now())
                    ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, dedupe_key, address, subject, body_text, body_html, headers, attempts`,
    [limit, claimMs],
  );
}

export async function markSent(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE notice_outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1', [id]);
}

/** A refused or failed send: tried again after `retryMs`, or given up (failed) when `retryMs` is null. */
export async function markFailed(tx: Queryable, id: number, error: string, retryMs: number | null): Promise<void> {
  await tx.query(
    `UPDATE notice_outbox SET claimed_until = NULL, last_error = $2,
            failed_at = CASE WHEN $3::double precision IS NULL THEN now() END,
            next_attempt_at = now() + make_interval(secs => coalesce($3::double precision, 0) / 1000)
      WHERE id = $1`,
    [id, error.slice(0, 500), retryMs],
  );
}

export type OutboxRowDb = {
  id: number; created_at: Date; event: string; address: string; subject: string; body_text: string; attempts: number;
  sent_at: Date | null; failed_at: Date | null; next_attempt_at: Date; last_error: string | null;
};

export async function outboxPage(tx: Queryable, limit: number, offset: number): Promise<{ rows: OutboxRowDb[]; total: number }> {
  const rows = await tx.query<OutboxRowDb>(
    `SELECT id, created_at, event, address, subject, body_text, attempts, sent_at, failed_at, next_attempt_at, last_error
       FROM notice_outbox ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notice_outbox');
  return { rows, total: count!.n };
}

/** Records a sign-in's device; answers whether it is new to the user and whether the user had any before. */
export async function recordDevice(tx: Queryable, userId: number, deviceHash: string, label: string): Promise<{ isNew: boolean; hadOthers: boolean }> {
  const [others] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_device WHERE user_id = $1 AND device_hash <> $2', [userId, deviceHash]);
  const inserted = await tx.query(
    `INSERT INTO sign_in_device (user_id, device_hash, label, first_seen_at, last_seen_at) VALUES ($1, $2, $3, now(), now())
     ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now() RETURNING (first_seen_at = last_seen_at) AS is_new`,
    [userId, deviceHash, label],
  );
  return { isNew: (inserted[0] as { is_new: boolean }).is_new, hadOthers: others!.n > 0 };
}
