import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { existingInvestor } from '../references.js';
import { newSecret, sha256 } from '../../lib/random.js';
import { auditChange, type Actor } from '../audit/audit.js';
import { refuseTakenName } from '../taken-names.js';
import { maskedTaxId, sealTaxId } from '../../lib/tax-id-seal.js';
import {
  findInvestorByName,
  insertInvestor,
  insertInvestorFee,
  replaceRegistrationSecret,
  setTaxId,
  upsertInvestorFee,
  type Investor,
} from './investors.repository.js';

/** A registration secret works for 7 days (docs/security.md A7). */
export const SECRET_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The fee given when an investor is added applies from the beginning (docs/rules/fees.md "Fee history"). */
const FEE_FROM_THE_BEGINNING = '1900-01-01';

export type { Actor };

export type InvestorsService = ReturnType<typeof createInvestorsService>;

/** Keeps only the secret's hash, valid for 7 days; any earlier unused secret stops working. */
const storeSecret = (tx: Queryable, investorId: number, secret: string, now: Date) =>
  replaceRegistrationSecret(tx, { investorId, secretHash: sha256(secret), createdAt: now, expiresAt: new Date(now.getTime() + SECRET_TTL_MS) });

/** Why a tax ID is refused when DATA_KEY is not set: it is never kept in clear (README.md, "Configuration"). */
export const NO_DATA_KEY = 'Set DATA_KEY to store tax IDs.';

export function createInvestorsService({ db, clock, dataKey }: { db: Db; clock: Clock; dataKey?: Buffer | undefined }) {
  /**
   * Seals and stores the tax ID. The audit row says only that it was set or changed, masked: the
   * digits never reach the audit log, a log line or an export.
   */
  async function storeTaxId(tx: Queryable, investorId: number, taxId: string, actor: Actor, now: Date): Promise<string> {
    if (!dataKey) throw new ConflictError(NO_DATA_KEY);
    const last4 = taxId.replace(/\D/g, '').slice(-4);
    const { previousLast4 } = await setTaxId(tx, { investorId, sealed: sealTaxId(dataKey, investorId, taxId), last4 });
    await auditChange(tx, actor, now, {
      action: previousLast4 === null ? 'set_tax_id' : 'change_tax_id', entity: 'investor', id: investorId,
      before: previousLast4 === null ? null : { tax_id: maskedTaxId(previousLast4) },
      after: { tax_id: maskedTaxId(last4) },
    });
    return maskedTaxId(last4)!;
  }

  return {
    /** Adds an investor with its fee and returns the first registration secret (shown once). */
    async addInvestor(
      input: ParsedBody<Endpoints['addInvestor']>,
      actor: Actor,
    ): Promise<{ investor: Investor; secret: string }> {
      // Refused before anything is written: an investor is not added without the tax ID asked for.
      if (input.tax_id !== undefined && !dataKey) throw new ConflictError(NO_DATA_KEY);
      const feeBps = input.fee_percentage;
      const now = clock.now();
      const secret = newSecret();
      try {
        const investor = await db.transaction(async (tx) => {
          await refuseTakenName(tx, { table: 'investor', name: input.name.trim(), taken: (name) => `An investor named "${name}" already exists` });
          const { tax_id: taxId, ...fields } = input;
          const created = await insertInvestor(tx, { ...fields, name: input.name.trim() });
          await insertInvestorFee(tx, { investorId: created.id, effectiveMonth: FEE_FROM_THE_BEGINNING, feeBps });
          await storeSecret(tx, created.id, secret, now);
          await auditChange(tx, actor, now, { action: 'create', entity: 'investor', id: created.id, after: { ...created, fee_bps: feeBps } });
          if (taxId !== undefined) await storeTaxId(tx, created.id, taxId, actor, now);
          return created;
        });
        return { investor, secret };
      } catch (err) {
        if ((err as { code?: string }).code === '23505') {
          throw new ConflictError(`An investor named "${input.name.trim()}" already exists.`);
        }
        throw err;
      }
    },

    /** A fee change from a month on (docs/rules/fees.md "Fee history"): earlier months keep the fee they had. */
    async setInvestorFee(
      input: ParsedBody<Endpoints['setInvestorFee']>,
      actor: Actor,
    ): Promise<void> {
      const { fee_percentage: feeBps, effective_month: effectiveMonth } = input;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const investor = await existingInvestor(tx, input.investor_name); // the investor acted on: unknown → 404
        const { previousBps } = await upsertInvestorFee(tx, { investorId: investor.id, effectiveMonth, feeBps, at: now });
        await auditChange(tx, actor, now, {
          action: 'set_fee', entity: 'investor', id: investor.id,
          before: previousBps === null ? null : { effective_month: effectiveMonth, fee_bps: previousBps },
          after: { effective_month: effectiveMonth, fee_bps: feeBps },
        });
      });
    },

    /** Sets or changes an investor's tax ID; answers it masked. */
    async changeTaxId(input: ParsedBody<Endpoints['changeInvestorTaxId']>, actor: Actor): Promise<{ tax_id: string }> {
      if (!dataKey) throw new ConflictError(NO_DATA_KEY);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const investor = await existingInvestor(tx, input.investor_name);
        return { tax_id: await storeTaxId(tx, investor.id, input.tax_id, actor, now) };
      });
    },

    /** Issues a fresh secret and invalidates the old one (docs/security.md A8): secrets are never read back. */
    async reissueSecret(investorName: string, actor: Actor): Promise<string> {
      const now = clock.now();
      const secret = newSecret();
      await db.transaction(async (tx) => {
        const investor = await findInvestorByName(tx, investorName);
        if (!investor) throw new NotFoundError(`No investor named "${investorName}".`);
        await storeSecret(tx, investor.id, secret, now);
        await auditChange(tx, actor, now, { action: 'reissue_secret', entity: 'investor', id: investor.id, after: { investor: investor.name } });
      });
      return secret;
    },
  };
}
