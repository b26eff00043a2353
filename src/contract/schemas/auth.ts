import { z } from 'zod';

/** Request and response shapes of /auth/* and /admin/get_admin_level (portal-spec §3, §7). */
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

const Code = z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows');
const Challenge = (label: string) => z.string().min(1, `${label} is required.`).max(2000);
export const MfaRequest = z.strictObject({ mfa_token: Challenge('The sign-in challenge'), code: Code });
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
export const TotpStatusResponse = z.object({ totp_enabled: z.boolean() });
export type TotpStatusResponse = z.infer<typeof TotpStatusResponse>;

export const RegisterRequest = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters long.')
    .max(64, 'Username must be at most 64 characters long.')
    .regex(/^[\p{L}\p{N}._@+-]+$/u, 'Username may contain letters, digits and . _ @ + - only.'),
  // Length and strength are checked by the password policy, which tells the reason (NIST 800-63B).
  password: z.string().min(1, 'Password is required.').max(1024),
  secret: z.string().trim().min(1, 'Secret is required.').max(200),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const ChangePasswordRequest = z.strictObject({
  current_password: z.string().min(1, 'Current password is required.').max(1024),
  // Length and strength are checked by the password policy, which tells the reason.
  new_password: z.string().min(1, 'New password is required.').max(1024),
});

export const ProtectedResponse = z.object({ logged_in_as: z.string() });
export type ProtectedResponse = z.infer<typeof ProtectedResponse>;

export const AdminLevelResponse = z.object({ admin_level: z.number().int() });
export type AdminLevelResponse = z.infer<typeof AdminLevelResponse>;
