import { z } from 'zod';

/** Request and response shapes of /auth/* and /admin/get_admin_level (portal-spec §3, §7). */
export const LoginRequest = z.strictObject({
  username: z.string().trim().min(1, 'Username is required.').max(100),
  password: z.string().min(1, 'Password is required.').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({ access_token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

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
