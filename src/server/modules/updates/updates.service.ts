import type { AdminUpdate, UpdateItem } from '../../../contract/schemas/updates.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { readableInvestor } from '../investor-portal/readable-investor.js';
import type { NoticesService } from '../notices/notices.service.js';
import { requireInvestor, requireLlc } from '../references.js';
import {
  allUpdates, attachmentsFor, attachmentsOf, insertAttachment, insertRecipient, insertUpdate, liveDocument, lockUpdate, recipientNamesOf,
  setUpdateWithdrawn, updateAudienceOf, updatesForInvestor, type UpdateRow,
} from './updates.repository.js';

export const UPDATE_NOT_FOUND = 'Update not found.';

type PostInput = { title: string; body: string; llc_name?: string; investor_names?: string[]; document_ids?: number[] };

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Investor updates (docs/product.md): an admin posts a letter for every investor, an LLC's members or
 * chosen investors, with documents of the vault attached, and withdraws one; investors read theirs. Each
 * change is audited, and the e-mail to each reader is queued, in the change's transaction.
 */
export function createUpdatesService({ db, clock, notices }: { db: Db; clock: Clock; notices?: NoticesService }) {
  return {
    async post(input: PostInput, ctx: WriteContext): Promise<{ id: number }> {
      const names = [...new Set(input.investor_names ?? [])];
      const documentIds = [...new Set(input.document_ids ?? [])];
      return db.transaction(async (tx) => {
        const llc = input.llc_name ? await requireLlc(tx, input.llc_name) : null;
        const investors = [];
        for (const name of names) investors.push(await requireInvestor(tx, name));
        const attached = [];
        for (const id of documentIds) {
          const doc = await liveDocument(tx, id);
          if (!doc) throw new ValidationError(`No document number ${id} to attach (it does not exist or was withdrawn).`);
          attached.push(doc);
        }
        const at = clock.now();
        const audience = llc ? 'llc' : investors.length > 0 ? 'investors' : 'everyone';
        const id = await insertUpdate(tx, { title: input.title, body: input.body, audience, llcId: llc?.id ?? null, createdBy: ctx.userId, at });
        for (const investor of investors) await insertRecipient(tx, id, investor.id);
        for (const [i, doc] of attached.entries()) await insertAttachment(tx, id, doc.id, i + 1);
        await auditChange(tx, ctx, at, {
          action: 'post_update', entity: 'investor_update', id,
          after: {
            title: input.title, body_chars: input.body.length,
            audience: llc ? { llc: llc.name } : investors.length > 0 ? { investors: investors.map((x) => x.name) } : 'every investor',
            document_ids: attached.map((d) => d.id),
          },
        });
        // In the same transaction: the e-mail goes out if and only if the update is there to read; it holds
        // none of the update's words (they may carry figures), only that one was posted.
        const recipients = (await updateAudienceOf(tx, id)).map((investorId) => ({ investorId }));
        await notices?.queueNotice(tx, { event: 'investor_update', recipients, ref: `investor_update:${id}` });
        return { id };
      });
    },

    async withdraw(input: { id: number }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lockUpdate(tx, input.id);
        if (!current) throw new NotFoundError(UPDATE_NOT_FOUND);
        if (current.withdrawnAt) throw new ConflictError('This update is already withdrawn.');
        const at = clock.now();
        await setUpdateWithdrawn(tx, current.id, { at, by: ctx.userId });
        await auditChange(tx, ctx, at, {
          action: 'withdraw_update', entity: 'investor_update', id: current.id,
          before: { title: current.title, withdrawn: false }, after: { withdrawn: true },
        });
      });
    },

    /**
     * An investor's updates, newest first. An attachment is listed only while its document is live and
     * theirs to open, so every link the page shows downloads.
     */
    async list(user: SessionUser, query: { investor_name?: string }): Promise<{ investor_name: string; updates: UpdateItem[] }> {
      const investor = await readableInvestor(db, user, query.investor_name || undefined);
      const rows = await updatesForInvestor(db, investor.id);
      const attachments = await attachmentsFor(db, rows.map((r) => r.id), investor.id);
      const updates: UpdateItem[] = rows.map((r) => ({
        id: r.id, title: r.title, body: r.body, posted_at: iso(r.createdAt)!,
        attachments: attachments.filter((a) => a.updateId === r.id).map((a) => ({ document_id: a.documentId, title: a.title })),
      }));
      return { investor_name: investor.name, updates };
    },

    async adminList(): Promise<{ updates: AdminUpdate[] }> {
      const rows = await allUpdates(db);
      const ids = rows.map((r) => r.id);
      const [attachments, recipients] = await Promise.all([attachmentsOf(db, ids), recipientNamesOf(db, ids)]);
      return {
        updates: rows.map((r: UpdateRow) => ({
          id: r.id, title: r.title, body: r.body, posted_at: iso(r.createdAt)!,
          attachments: attachments.filter((a) => a.updateId === r.id).map((a) => ({ document_id: a.documentId, title: a.title })),
          audience: r.audience === 'llc' ? { type: 'llc' as const, llc_name: r.llcName! }
            : r.audience === 'investors' ? { type: 'investors' as const, investor_names: recipients.filter((x) => x.updateId === r.id).map((x) => x.name) }
              : { type: 'everyone' as const },
          created_by: r.createdBy, withdrawn_at: iso(r.withdrawnAt), withdrawn_by: r.withdrawnBy,
        })),
      };
    },
  };
}

export type UpdatesService = ReturnType<typeof createUpdatesService>;
