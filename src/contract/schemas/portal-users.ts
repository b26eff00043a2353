import { z } from 'zod';
import { Name } from '../fields.js';

/** Manage Portal Users (docs/product.md "Screens"): the investors' logins, their secrets and who signs in. */

export const DeletePortalUserRequest = z.strictObject({ investor_name: Name });
/** An admin changes an investor's login for them: a new password, or two-factor sign-in off. */
export const ResetPortalUserRequest = z.strictObject({ investor_name: Name });
export const ResetPortalUserPasswordResponse = z.object({ message: z.string(), password: z.string() });
export const InvestorSecretQuery = z.strictObject({ investor_name: Name });
export const InvestorSecretResponse = z.object({ investor_secret: z.string() });

export const LoginSummaryRow = z.object({
  investor_name: z.string(),
  login_count: z.number().int(),
  /** ISO date-time (UTC) of the last successful sign-in, or null: the screen shows it as local time or N/A. */
  last_login: z.string().nullable(),
  /** Wrong passwords or codes since the last successful sign-in. */
  failed_sign_ins: z.number().int(),
  /** ISO date-time (UTC) until which sign-ins wait after repeated failures, or null when none is waiting. */
  locked_until: z.string().nullable(),
});
export const LoginSummaryResponse = z.array(LoginSummaryRow);
export type LoginSummaryRow = z.infer<typeof LoginSummaryRow>;
