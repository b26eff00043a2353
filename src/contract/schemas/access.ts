import { z } from 'zod';
import { IsoDate, Name, OptionalName } from '../fields.js';
import { InvestorSummaryResponse } from './investor.js';
import { STAFF_ROLES } from '../roles.js';

/**
 * Who may read what (issue 29, docs/decisions.md 42): staff invitations and roles, investors' delegates,
 * one person's several investing entities, and personal API tokens.
 */

// ---- staff -----------------------------------------------------------------------------------------
export const StaffRole = z.enum(STAFF_ROLES, { error: 'must be admin, bookkeeper or auditor' });
/** An auditor reads the LLCs named here; the other roles read every LLC, so they name none. */
const LlcNames = z.array(Name).max(50, 'must name at most 50 LLCs').optional();

export const InviteStaffRequest = z.strictObject({ name: Name, role: StaffRole, llc_names: LlcNames });
export const InviteStaffResponse = z.object({ message: z.string(), name: z.string(), role: StaffRole, registration_secret: z.string() });

export const StaffRow = z.object({
  /** Null while the invitation has not been used to register. */
  username: z.string().nullable(),
  name: z.string(),
  role: StaffRole,
  llc_names: z.array(z.string()),
  status: z.enum(['invited', 'active', 'ended']),
  two_factor: z.boolean(),
  /** ISO date-times (UTC), or null. */
  invited_at: z.string().nullable(),
  last_sign_in: z.string().nullable(),
});
export const StaffResponse = z.object({ staff: z.array(StaffRow) });
export type StaffRow = z.infer<typeof StaffRow>;

export const ChangeStaffRoleRequest = z.strictObject({ username: Name, role: StaffRole, llc_names: LlcNames });
export const EndStaffAccessRequest = z.strictObject({ username: Name });

// ---- delegates -------------------------------------------------------------------------------------
/** An investor's own calls name no investor (their own record, or the one the switcher chose); an admin's name one. */
export const DelegatesQuery = z.strictObject({ investor_name: OptionalName });
export const DelegateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null while the invitation has not been used to register. */
  username: z.string().nullable(),
  status: z.enum(['invited', 'active', 'revoked']),
  can_see_figures: z.boolean(),
  can_see_documents: z.boolean(),
  invited_at: z.string(),
  revoked_at: z.string().nullable(),
});
export const DelegatesResponse = z.object({ investor_name: z.string(), delegates: z.array(DelegateRow) });
export type DelegateRow = z.infer<typeof DelegateRow>;

export const InviteDelegateRequest = z
  .strictObject({
    investor_name: OptionalName,
    name: Name,
    /** With mail on, the invitation goes to this address; otherwise (or without one) the secret is answered. */
    email: z.email('must be an e-mail address').max(200).optional(),
    can_see_figures: z.boolean().default(true),
    can_see_documents: z.boolean().default(true),
  })
  .refine((v) => v.can_see_figures || v.can_see_documents, 'A delegate must be allowed to see figures, documents or both.');
export const InviteDelegateResponse = z.object({
  message: z.string(),
  id: z.number().int(),
  /** The one-time secret to give the delegate, or null when it went by e-mail. */
  registration_secret: z.string().nullable(),
  emailed: z.boolean(),
});
const DelegateId = z.number({ error: 'must be a delegate number' }).int('must be a delegate number').min(1, 'must be a delegate number')
  .max(2_147_483_647, 'must be a delegate number');
export const RevokeDelegateRequest = z.strictObject({ id: DelegateId, investor_name: OptionalName });

// ---- one person, several investing entities ----------------------------------------------------------
export const MyInvestorsResponse = z.object({
  investors: z.array(z.object({
    investor_name: z.string(),
    /** own: the login's own record; entity: another of the same person's (granted by an admin); delegate: read for someone. */
    relation: z.enum(['own', 'entity', 'delegate']),
    can_see_figures: z.boolean(),
    can_see_documents: z.boolean(),
  })),
});
export type MyInvestorsResponse = z.infer<typeof MyInvestorsResponse>;

export const InvestorAccessRequest = z.strictObject({ username: Name, investor_name: Name });
export const InvestorAccessQuery = z.strictObject({ username: Name });
export const InvestorAccessResponse = z.object({ username: z.string(), investor_names: z.array(z.string()) });

export const CombinedQuery = z.strictObject({ as_of: IsoDate('As of').optional() });
/**
 * The combined view of a login's own entities (not the pages it reads as a delegate): the figures that add
 * (totals, cash, the months' series summed by month), and the returns of the combined flows (XIRR of every
 * entity's cash flows together, the equity multiple of the sums), never an average of the entities' returns.
 */
export const CombinedResponse = InvestorSummaryResponse.omit({ investor_name: true, property_pictures: true }).extend({
  investor_names: z.array(z.string()),
  as_of: z.string(),
});
export type CombinedResponse = z.infer<typeof CombinedResponse>;

// ---- personal API tokens -----------------------------------------------------------------------------
export const CreateApiTokenRequest = z.strictObject({
  name: Name,
  expires_in_days: z.number({ error: 'must be a number of days' }).int('must be a whole number of days').min(1, 'must be at least 1 day').max(366, 'must be at most 366 days'),
  read_only: z.boolean({ error: 'must be true or false' }),
});
export const CreateApiTokenResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Shown once: only its hash is kept. */
  token: z.string(),
  read_only: z.boolean(),
  expires_at: z.string(),
});
export const ApiTokenRow = z.object({
  id: z.number().int(),
  name: z.string(),
  read_only: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export const ApiTokensResponse = z.object({ tokens: z.array(ApiTokenRow) });
export type ApiTokenRow = z.infer<typeof ApiTokenRow>;
export const RevokeApiTokenRequest = z.strictObject({ id: z.number().int().positive().max(2_147_483_647, 'is not a token of yours') });
