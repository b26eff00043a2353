import type { EntryKind } from '../../../contract/schemas/corrections.js';
import { CHOICES_OF_KIND } from '../../../contract/bank-line-entry.js';
import type { Queryable } from '../../db/client.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { BankRuleRow } from './bank-import-types.js';

/**
 * The import rules of an LLC (migration 0025): SQL only, but for rememberRule, the one write the
 * import's commit makes in its own transaction. Live rules are numbered 1..n per LLC without gaps;
 * every write that moves a position takes the LLC's rules lock first, so two writes take turns.
 */

const RULE_COLUMNS = `r.id, r.position, r.match_text AS "matchText", r.kind, p.name AS "propertyName", c.name AS category,
  i.name AS "investorName", r.description`;
const RULE_JOINS = `FROM bank_rule r
  LEFT JOIN property p ON p.id = r.property_id
  LEFT JOIN category c ON c.id = r.category_id
  LEFT JOIN investor i ON i.id = r.investor_id`;

/** The LLC's rules in the order they are applied (not deleted), with their names. */
export async function liveRules(db: Queryable, llcId: number): Promise<BankRuleRow[]> {
  return db.query<BankRuleRow>(
    `SELECT ${RULE_COLUMNS} ${RULE_JOINS} WHERE r.llc_id = $1 AND r.deleted_at IS NULL ORDER BY r.position, r.id`,
    [llcId],
  );
}

/** A rule as the list shows it: the row and when it was made. */
export type ListedRule = BankRuleRow & { createdAt: Date };

export async function listedRules(db: Queryable, llcId: number): Promise<ListedRule[]> {
  return db.query<ListedRule>(
    `SELECT ${RULE_COLUMNS}, r.created_at AS "createdAt" ${RULE_JOINS}
      WHERE r.llc_id = $1 AND r.deleted_at IS NULL ORDER BY r.position, r.id`,
    [llcId],
  );
}

/** A live rule with its LLC, for a change or a delete; null when there is none (or it was deleted). */
export type StoredRule = BankRuleRow & { llcId: number; llcName: string };

export async function findLiveRule(db: Queryable, id: number): Promise<StoredRule | null> {
  const [row] = await db.query<StoredRule>(
    `SELECT ${RULE_COLUMNS}, r.llc_id AS "llcId", l.name AS "llcName" ${RULE_JOINS} JOIN llc l ON l.id = r.llc_id
      WHERE r.id = $1 AND r.deleted_at IS NULL`,
    [id],
  );
  return row ?? null;
}

/** Any constant another lock does not use: paired with the LLC's id, the lock of its rules' order. */
const RULES_LOCK = 7_340_031;
export async function lockRulesOfLlc(tx: Queryable, llcId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [RULES_LOCK, llcId]);
}

export async function liveRuleCount(tx: Queryable, llcId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_rule WHERE llc_id = $1 AND deleted_at IS NULL', [llcId]);
  return row!.n;
}

/** Moves the live rules at positions from..to (inclusive) by `by` (+1 to make room, −1 to close a gap). */
export async function shiftRules(tx: Queryable, llcId: number, from: number, to: number, by: 1 | -1): Promise<void> {
  if (from > to) return;
  await tx.query(
    `UPDATE bank_rule SET position = position + $4 WHERE llc_id = $1 AND deleted_at IS NULL AND position BETWEEN $2 AND $3`,
    [llcId, from, to, by],
  );
}

export type RuleFields = {
  matchText: string; kind: EntryKind; propertyId: number | null; categoryId: number | null; investorId: number | null; description: string | null;
};

export async function insertRule(
  tx: Queryable, rule: RuleFields & { llcId: number; position: number; createdBy: number; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bank_rule (llc_id, position, match_text, kind, property_id, category_id, investor_id, description, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [rule.llcId, rule.position, rule.matchText, rule.kind, rule.propertyId, rule.categoryId, rule.investorId, rule.description, rule.createdBy, rule.at],
  );
  return row!.id;
}

export async function updateRule(tx: Queryable, id: number, rule: RuleFields & { position: number }): Promise<void> {
  await tx.query(
    `UPDATE bank_rule SET position = $2, match_text = $3, kind = $4, property_id = $5, category_id = $6, investor_id = $7, description = $8
      WHERE id = $1`,
    [id, rule.position, rule.matchText, rule.kind, rule.propertyId, rule.categoryId, rule.investorId, rule.description],
  );
}

/** Deleted, not removed: a past proposal still names the rule that made it. */
export async function markRuleDeleted(tx: Queryable, id: number, by: number, at: Date): Promise<void> {
  await tx.query('UPDATE bank_rule SET deleted_at = $2, deleted_by = $3 WHERE id = $1', [id, at, by]);
}

/** A match text as kept: trimmed, its runs of spaces one space (rules match with spacing aside anyway). */
export const matchTextOf = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, 100).trim();

/**
 * A rule learnt from a line the admin recorded with `remember`: the import's commit calls it inside its
 * own transaction, once the line's entry is written (so its names are known to exist). Appended last;
 * nothing is added when a live rule of the LLC already has the same text (case and spacing aside) and
 * kind, so importing the same payee again does not pile up rules. Names a kind's form does not take
 * are left out. Audited as add_bank_rule, as a rule added by hand is.
 */
export async function rememberRule(
  tx: Queryable, ctx: WriteContext, at: Date,
  rule: {
    llcId: number; matchText: string; kind: EntryKind; propertyName: string | null; category: string | null;
    investorName: string | null; description: string | null;
  },
): Promise<{ id: number } | null> {
  const matchText = matchTextOf(rule.matchText);
  if (!matchText) return null;
  await lockRulesOfLlc(tx, rule.llcId);
  const [same] = await tx.query<{ id: number }>(
    `SELECT id FROM bank_rule WHERE llc_id = $1 AND deleted_at IS NULL AND kind = $3
        AND regexp_replace(lower(match_text), '\\s+', ' ', 'g') = lower($2) LIMIT 1`,
    [rule.llcId, matchText, rule.kind],
  );
  if (same) return null;
  const choices = CHOICES_OF_KIND[rule.kind];
  const propertyName = choices.property ? rule.propertyName : null;
  const category = choices.category ? rule.category : null;
  const investorName = choices.investor ? rule.investorName : null;
  const description = rule.description?.trim().slice(0, 500) || null;
  const [row] = await tx.query<{ id: number; position: number; property: string | null; category: string | null; investor: string | null; llc: string }>(
    `WITH named AS (
       SELECT (SELECT id FROM property WHERE name_key(name) = name_key($5)) AS property_id,
              (SELECT id FROM category WHERE scope = $6 AND name_key(name) = name_key($7)) AS category_id,
              (SELECT id FROM investor WHERE name_key(name) = name_key($8)) AS investor_id
     ), added AS (
       INSERT INTO bank_rule (llc_id, position, match_text, kind, property_id, category_id, investor_id, description, created_by, created_at)
       SELECT $1, (SELECT COALESCE(max(position), 0) + 1 FROM bank_rule WHERE llc_id = $1 AND deleted_at IS NULL),
              $2, $3, named.property_id, named.category_id, named.investor_id, $9, $4, $10
         FROM named
       RETURNING id, position, property_id, category_id, investor_id
     )
     SELECT a.id, a.position, p.name AS property, c.name AS category, i.name AS investor, l.name AS llc
       FROM added a JOIN llc l ON l.id = $1
       LEFT JOIN property p ON p.id = a.property_id LEFT JOIN category c ON c.id = a.category_id LEFT JOIN investor i ON i.id = a.investor_id`,
    [rule.llcId, matchText, rule.kind, ctx.userId, propertyName, choices.category, category, investorName, description, at],
  );
  await auditChange(tx, ctx, at, {
    action: 'add_bank_rule', entity: 'bank_rule', id: row!.id,
    after: {
      llc: row!.llc, position: row!.position, match_text: matchText, kind: rule.kind, property: row!.property, category: row!.category,
      investor: row!.investor, description, learnt: true,
    },
  });
  return { id: row!.id };
}
