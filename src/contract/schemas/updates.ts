import { z } from 'zod';
import { Name, RequiredText } from '../fields.js';

/**
 * Investor updates: a letter from the manager with simple formatting (paragraphs, line breaks, **bold**,
 * *italic*, "- " bullets; src/web/lib/update-text.ts renders it), for every investor, an LLC's members or
 * chosen investors, with optional attachments from the document vault.
 */

export const MAX_UPDATE_TITLE = 200;
export const MAX_UPDATE_BODY = 20_000;
export const MAX_UPDATE_INVESTORS = 50;
export const MAX_UPDATE_ATTACHMENTS = 10;

const UpdateId = z.coerce.number({ error: 'must be an update number' }).int('must be an update number').min(1, 'must be an update number')
  .max(2_147_483_647, 'must be an update number');
const DocumentNumber = z.number({ error: 'must be a document number' }).int('must be a document number').min(1, 'must be a document number')
  .max(2_147_483_647, 'must be a document number');

export const PostUpdateRequest = z.strictObject({
  title: RequiredText(MAX_UPDATE_TITLE).refine((value) => !/[\r\n\t]/.test(value), 'must be on one line'),
  body: RequiredText(MAX_UPDATE_BODY),
  /** For an LLC's members; '' means none. */
  llc_name: z.string().normalize('NFC').trim().max(100, 'must be at most 100 characters').optional().transform((v) => v || undefined),
  /** For these investors only; empty means none. */
  investor_names: z.array(Name).max(MAX_UPDATE_INVESTORS, `must name at most ${MAX_UPDATE_INVESTORS} investors`).optional(),
  /** Documents of the vault attached to the update. */
  document_ids: z.array(DocumentNumber).max(MAX_UPDATE_ATTACHMENTS, `must attach at most ${MAX_UPDATE_ATTACHMENTS} documents`).optional(),
}).refine((r) => !(r.llc_name && r.investor_names?.length), {
  message: 'Choose either an LLC or investors, not both (neither: every investor).',
});

export const PostUpdateResponse = z.object({ message: z.string(), id: z.number().int() });

export const WithdrawUpdateRequest = z.strictObject({ id: UpdateId });

export const UpdatesQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional() });

export const UpdateAttachment = z.object({ document_id: z.number().int(), title: z.string() });

/** An update as an investor reads it. */
export const UpdateItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** When it was posted (ISO date-time). */
  posted_at: z.string(),
  attachments: z.array(UpdateAttachment),
});
export type UpdateItem = z.infer<typeof UpdateItem>;

export const UpdatesResponse = z.object({ investor_name: z.string(), updates: z.array(UpdateItem) });

export const UpdateAudience = z.union([
  z.object({ type: z.literal('everyone') }),
  z.object({ type: z.literal('llc'), llc_name: z.string() }),
  z.object({ type: z.literal('investors'), investor_names: z.array(z.string()) }),
]);

export const AdminUpdate = UpdateItem.extend({
  audience: UpdateAudience,
  created_by: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  withdrawn_by: z.string().nullable(),
});
export type AdminUpdate = z.infer<typeof AdminUpdate>;

export const AdminUpdatesResponse = z.object({ updates: z.array(AdminUpdate) });
