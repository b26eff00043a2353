import { z } from 'zod';
import { ROLES } from '../roles.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../values/password-rules.js';

/** Request and response shapes of /auth/* and /admin/get_admin_level (docs/product.md "Screens", docs/api.md). */
export const LoginRequest = z.strictObject({
  username: z.string().trim().min(1, 'Username is required.').max(100),
  password: z.string().min(1, 'Password is required.').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({ access_token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * What a right password answers: a session token; or, for a login with two-factor sign-in, a short
 * challenge to send with the code (POST /auth/mfa); or, for an admin without it yet, a challenge good
 * only for enrolling (POST /auth/totp/setup, then /auth/totp/confirm).
 */
export const LoginResponse = z.union([
  TokenResponse,
  z.object({ mfa_required: z.literal(true), mfa_token: z.string() }),
  z.object({ totp_setup_required: z.literal(true), setup_token: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

const Code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows')
  // As the API reference states it: surrounding white space is trimmed away first.
  .meta({ pattern: String.raw`^\s*\d{6}\s*$`, description: 'The 6 digits the authenticator app shows.' });
const Challenge = (label: string) => z.string().min(1, `${label} is required.`).max(2000);
/** One of the ten codes given at enrolment: case, spaces and hyphens do not matter. */
const RecoveryCode = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters')
  .meta({ description: 'One of the recovery codes given when two-factor sign-in was set up, such as "abcde-fghjk" (each works once).' });
/** The second factor: the app's code, or instead a recovery code (exactly one of them). */
const SecondFactor = { code: Code.optional(), recovery_code: RecoveryCode.optional() };
const ONE_ANSWER = 'Give either the 6-digit code of your authenticator app or one recovery code.';
const oneAnswer = (v: { code?: string; recovery_code?: string }) => (v.code === undefined) !== (v.recovery_code === undefined);
export const MfaRequest = z
  .strictObject({ mfa_token: Challenge('The sign-in challenge'), ...SecondFactor })
  .refine(oneAnswer, ONE_ANSWER);
/** Turning two-factor sign-in off proves the second factor once more. */
export const TotpDisableRequest = z.strictObject(SecondFactor).refine(oneAnswer, ONE_ANSWER);
export const RecoveryCodesRequest = z.strictObject({ code: Code });
/** Ten single-use recovery codes, shown once: the person writes them down or prints them. */
export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export const TotpSetupRequest = z.strictObject({ setup_token: Challenge('The setup challenge') });
export const TotpSetupResponse = z.object({ otpauth_url: z.string(), secret: z.string() });
export const TotpConfirmRequest = z.strictObject({ setup_token: Challenge('The setup challenge'), code: Code });

/**
 * Enrolment from the user's own Account page (any signed-in user, investors too): the same secret and
 * address as the sign-in enrolment, then a code turns two-factor sign-in on for the next sign-in.
 */
export const TotpEnrolResponse = TotpSetupResponse;
export const TotpEnableRequest = z.strictObject({ code: Code });
/** Whether the signed-in user's next sign-in asks for a code. */
export const TotpStatusResponse = z.object({
  totp_enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recovery_codes_left: z.number().int(),
  /** Whether this login may turn it off (an admin may not while the portal requires it of admins). */
  can_turn_off: z.boolean(),
});
export type TotpStatusResponse = z.infer<typeof TotpStatusResponse>;

/** What the API reference states of a new password: the policy's lengths (in code points) and its other rules in words. */
const NewPasswordRules = {
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  description:
    `A new password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a commonly used password, not too easy to guess, ` +
    'and without the product name or the username (or your name); a refusal tells which.',
};

export const RegisterRequest = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters long.')
    .max(64, 'Username must be at most 64 characters long.')
    .regex(/^[\p{L}\p{N}._@+-]+$/u, 'Username may contain letters, digits and . _ @ + - only.'),
  // Length and strength are checked by the password policy, which tells the reason (NIST 800-63B).
  password: z.string().min(1, 'Password is required.').max(1024).meta(NewPasswordRules),
  secret: z.string().trim().min(1, 'Secret is required.').max(200),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;
/**
 * A registration signs the new login in (`access_token`), except a staff member's where two-factor sign-in
 * is required: they sign in next and set it up first, so no session ever skips the second factor.
 */
export const RegisterResponse = z.object({ access_token: z.string().optional(), role: z.enum(ROLES) });

export const ChangePasswordRequest = z.strictObject({
  current_password: z.string().min(1, 'Current password is required.').max(1024),
  // Length and strength are checked by the password policy, which tells the reason.
  new_password: z.string().min(1, 'New password is required.').max(1024).meta(NewPasswordRules),
});

export const ProtectedResponse = z.object({ logged_in_as: z.string() });
export type ProtectedResponse = z.infer<typeof ProtectedResponse>;

/** admin_level as the specification has it (1 for an admin), and the role (contract/roles.ts) the screens follow. */
export const AdminLevelResponse = z.object({ admin_level: z.number().int(), role: z.enum(ROLES) });
export type AdminLevelResponse = z.infer<typeof AdminLevelResponse>;
