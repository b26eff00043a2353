import { maskedAccount, type AccountType } from '../../../contract/schemas/bank-accounts.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, ForbiddenError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { lockInvestor, type Investor } from '../investors/investors.js';
import { readableInvestor } from '../investor-portal/readable-investor.js';
import type { NoticesService } from '../notices/notices.service.js';
import { openAccountType, openRoutingNumber, sealAccount } from './account-seal.js';
import { deleteChange, findAccounts, findChange, listChanges, saveAccount, saveChange, type SealedAccount } from './bank-accounts.repository.js';

export const NO_KEY_FOR_ACCOUNTS = 'Set DATA_KEY to store bank accounts.';

export type ChangeAccountInput = {
  investor_name?: string | undefined;
  routing_number: string;
  account_number: string;
  account_type: AccountType;
  holder_name?: string | undefined;
};

/** What an audit row may say of an account: its type and last four digits, the bank's last four. */
const auditShown = (key: Buffer, investorId: number, s: SealedAccount) => ({
  account: maskedAccount(openAccountType(key, investorId, s.type_sealed), s.last4),
  routing_number: `•••••${openRoutingNumber(key, investorId, s.routing_sealed).slice(-4)}`,
});

const nothingPending = (name: string) => `${name} has no bank account change waiting for approval.`;

/**
 * Investors' bank accounts for distributions. An investor's change, or an admin's when a second approver
 * is required, waits as a pending change until an admin approves it; the account on file stays the one
 * paid meanwhile (payeeAccounts in bank-accounts.ts reads only approved accounts).
 */
export function createBankAccountsService(
  { db, clock, dataKey, requireSecondApprover, notices }:
  { db: Db; clock: Clock; dataKey: Buffer | undefined; requireSecondApprover: boolean; notices: NoticesService },
) {
  const keyOrRefuse = (): Buffer => dataKey ?? (() => { throw new ConflictError(NO_KEY_FOR_ACCOUNTS); })();

  async function stateOf(tx: Queryable, key: Buffer, investor: Investor) {
    const [account] = await findAccounts(tx, [investor.id]);
    const pending = await findChange(tx, investor.id);
    const shown = (s: SealedAccount) => ({
      type: openAccountType(key, investor.id, s.type_sealed), last4: s.last4, routing_number: openRoutingNumber(key, investor.id, s.routing_sealed),
    });
    return {
      investor_name: investor.name,
      account: account ? { ...shown(account), since: account.since.toISOString() } : null,
      pending: pending ? { ...shown(pending), requested_at: pending.requested_at.toISOString(), requested_by: pending.requested_by_name } : null,
    };
  }

  const tell = (tx: Queryable, actor: WriteContext, event: 'bank_account_change_requested' | 'bank_account_changed', investorId: number) =>
    actor.quiet ? Promise.resolve(0) : notices.queueNotice(tx, { event, recipients: [{ investorId }] });

  /** The pending change of the named investor, locked, or a refusal in plain words. */
  async function pendingOf(tx: Queryable, user: SessionUser, investorName: string) {
    const investor = await readableInvestor(tx, user, investorName);
    await lockInvestor(tx, investor.id);
    const change = await findChange(tx, investor.id, true);
    if (!change) throw new ConflictError(nothingPending(investor.name));
    return { investor, change };
  }

  return {
    /** Whether accounts can be kept: a data key is there (always, when the portal runs from its runtime). */
    canSeal: dataKey !== undefined,

    /** The investor's account and pending change (their own; an admin names anyone's). */
    async get(user: SessionUser, query: { investor_name?: string | undefined }) {
      const key = keyOrRefuse();
      return db.snapshot(async (tx) => stateOf(tx, key, await readableInvestor(tx, user, query.investor_name)));
    },

    /**
     * An investor's change waits for an admin's approval and the investor is told at the address on file
     * now; an admin's takes effect at once (the investor is told), unless a second approver is required.
     */
    async change(user: SessionUser, input: ChangeAccountInput, actor: WriteContext) {
      const key = keyOrRefuse();
      const now = clock.now();
      const byAdmin = user.role === 'admin';
      return db.transaction(async (tx) => {
        const investor = await readableInvestor(tx, user, input.investor_name);
        await lockInvestor(tx, investor.id);
        const sealed = sealAccount(key, investor.id, {
          routingNumber: input.routing_number, accountNumber: input.account_number, accountType: input.account_type,
          holderName: input.holder_name ?? investor.name,
        });
        const [current] = await findAccounts(tx, [investor.id]);
        const before = current ? auditShown(key, investor.id, current) : null;
        if (byAdmin && !requireSecondApprover) {
          const superseded = await findChange(tx, investor.id, true);
          if (superseded) await deleteChange(tx, investor.id);
          await saveAccount(tx, investor.id, sealed, { at: now, requestedBy: user.userId, approvedBy: user.userId });
          await auditChange(tx, actor, now, {
            action: 'change_bank_account', entity: 'investor', id: investor.id,
            before: { ...before, pending_superseded: superseded ? auditShown(key, investor.id, superseded).account : undefined },
            after: auditShown(key, investor.id, sealed),
          });
          await tell(tx, actor, 'bank_account_changed', investor.id);
        } else {
          await saveChange(tx, investor.id, sealed, now, user.userId);
          await auditChange(tx, actor, now, {
            action: 'request_bank_account_change', entity: 'investor', id: investor.id,
            before, after: { ...auditShown(key, investor.id, sealed), status: 'pending' },
          });
          await tell(tx, actor, 'bank_account_change_requested', investor.id);
        }
        const needsApproval = !(byAdmin && !requireSecondApprover);
        return {
          ...(await stateOf(tx, key, investor)), needs_approval: needsApproval,
          outcome: needsApproval ? 'Bank account change requested: it waits for an administrator\'s approval.' : 'Bank account changed: it is the one paid from now on.',
        };
      });
    },

    /** Every pending change, oldest first: investor, masked new account, who asked and when. */
    async pending() {
      const key = keyOrRefuse();
      const rows = await db.snapshot((tx) => listChanges(tx));
      return {
        changes: rows.map((r) => ({
          investor_name: r.investor_name, type: openAccountType(key, r.investor_id, r.type_sealed), last4: r.last4,
          requested_by: r.requested_by_name, requested_by_admin: r.requested_by_admin, requested_at: r.requested_at.toISOString(),
        })),
      };
    },

    /** The pending change becomes the account paid; with a second approver required, never by the admin who asked. */
    async approve(user: SessionUser, investorName: string, actor: WriteContext): Promise<void> {
      const key = keyOrRefuse();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { investor, change } = await pendingOf(tx, user, investorName);
        if (requireSecondApprover && change.requested_by === user.userId) {
          throw new ForbiddenError('You asked for this change yourself: another admin must approve it.');
        }
        const [current] = await findAccounts(tx, [investor.id]);
        await saveAccount(tx, investor.id, change, { at: now, requestedBy: change.requested_by, approvedBy: user.userId });
        await deleteChange(tx, investor.id);
        await auditChange(tx, actor, now, {
          action: 'approve_bank_account_change', entity: 'investor', id: investor.id,
          before: current ? auditShown(key, investor.id, current) : null,
          after: { ...auditShown(key, investor.id, change), requested_by: change.requested_by_name },
        });
        await tell(tx, actor, 'bank_account_changed', investor.id);
      });
    },

    /** The pending change is dropped; the account on file (if any) stays the one paid. */
    async reject(user: SessionUser, input: { investor_name: string; reason: string }, actor: WriteContext): Promise<void> {
      const key = keyOrRefuse();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { investor, change } = await pendingOf(tx, user, input.investor_name);
        await deleteChange(tx, investor.id);
        await auditChange(tx, actor, now, {
          action: 'reject_bank_account_change', entity: 'investor', id: investor.id,
          before: { ...auditShown(key, investor.id, change), requested_by: change.requested_by_name, status: 'pending' },
          after: { status: 'rejected', reason: input.reason },
        });
      });
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
