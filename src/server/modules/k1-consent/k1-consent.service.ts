import { K1_CONSENT_STATEMENT, K1_DISCLOSURE_VERSION, K1_DISCLOSURES } from '../../../contract/k1-consent-disclosures.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError } from '../../lib/errors.js';
import { maskedTaxId } from '../../lib/tax-id-seal.js';
import { auditChange, type Actor } from '../audit/audit.js';
import { findConsent, listConsents, markWithdrawn, saveConsent, type K1ConsentRow } from './k1-consent.repository.js';

/** The signed-in user, as the consent calls see them: only an investor's own login consents for them. */
export type ConsentUser = { userId: number; investorId: number | null };

/**
 * A consent stands when it was given and not withdrawn since, to the disclosures shown now: a consent to
 * older wording is asked again (docs/decisions.md, "K-1 delivery consent").
 */
export const consentStands = (row: Pick<K1ConsentRow, 'withdrawn_at' | 'disclosure_version'> | undefined): boolean =>
  !!row && row.withdrawn_at === null && row.disclosure_version === K1_DISCLOSURE_VERSION;

const answer = (row: K1ConsentRow | undefined) => ({
  consented: consentStands(row),
  consented_at: row?.consented_at.toISOString() ?? null,
  withdrawn_at: row?.withdrawn_at?.toISOString() ?? null,
  consented_version: row?.disclosure_version ?? null,
  disclosure_version: K1_DISCLOSURE_VERSION,
  disclosures: [...K1_DISCLOSURES],
  statement: K1_CONSENT_STATEMENT,
});

/** The investor the signed-in user is; an admin's own account has none, so it has nothing to consent to. */
function investorOf(user: ConsentUser): number {
  if (user.investorId === null) throw new ConflictError('Only an investor can consent to K-1 delivery, for themselves, from their own account.');
  return user.investorId;
}

export function createK1ConsentService({ db, clock }: { db: Db; clock: Clock }) {
  const state = (tx: Queryable, investorId: number) => findConsent(tx, investorId).then(answer);
  return {
    consent: (user: ConsentUser) => {
      const investorId = investorOf(user);
      return db.snapshot((tx) => state(tx, investorId));
    },

    /** Records the consent with the time and the disclosure version read, and its audit row. */
    async give(user: ConsentUser, version: number, actor: Actor) {
      const investorId = investorOf(user);
      if (version !== K1_DISCLOSURE_VERSION) {
        throw new ConflictError('The disclosures have changed since you read them: read them again, then consent.');
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findConsent(tx, investorId, true);
        if (consentStands(before)) return answer(before); // already given: nothing new to record
        await saveConsent(tx, { investorId, at: now, version, userId: user.userId });
        await auditChange(tx, actor, now, {
          action: 'give_k1_consent', entity: 'investor', id: investorId,
          before: before ? { k1_consent: 'withdrawn', withdrawn_at: before.withdrawn_at } : null,
          after: { k1_consent: 'given', consented_at: now, disclosure_version: version },
        });
        return state(tx, investorId);
      });
    },

    /** Withdraws the standing consent: K-1s not yet furnished go on paper. */
    async withdraw(user: ConsentUser, actor: Actor) {
      const investorId = investorOf(user);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findConsent(tx, investorId, true);
        if (!before || before.withdrawn_at !== null) throw new ConflictError('You have not consented to electronic K-1s, so there is nothing to withdraw.');
        await markWithdrawn(tx, { investorId, at: now, userId: user.userId });
        await auditChange(tx, actor, now, {
          action: 'withdraw_k1_consent', entity: 'investor', id: investorId,
          before: { k1_consent: 'given', consented_at: before.consented_at, disclosure_version: before.disclosure_version },
          after: { k1_consent: 'withdrawn', withdrawn_at: now },
        });
        return state(tx, investorId);
      });
    },

    /** Every investor: consented or not, since when (for the admin, who sends paper K-1s to the others). */
    async list() {
      const rows = await db.snapshot((tx) => listConsents(tx));
      return {
        investors: rows.map((r) => {
          const consented = consentStands(r.consented_at ? { withdrawn_at: r.withdrawn_at, disclosure_version: r.disclosure_version! } : undefined);
          return {
            investor_name: r.investor_name, consented,
            since: consented ? r.consented_at!.toISOString() : null,
            withdrawn_at: r.withdrawn_at?.toISOString() ?? null,
            disclosure_version: r.disclosure_version,
            tax_id: maskedTaxId(r.tax_id_last4),
          };
        }),
      };
    },
  };
}

export type K1ConsentService = ReturnType<typeof createK1ConsentService>;
