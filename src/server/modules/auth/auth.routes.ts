import type { Handlers } from '../../http/handlers.js';
import type { AuthService } from './auth.service.js';

/** Sign-in, registration and sessions (docs/api.md). */
export const authRoutes = (auth: AuthService) =>
  ({
    login: async ({ body, ip }) => {
      const result = await auth.login({ ...body, ip });
      if ('mfaToken' in result) return { mfa_required: true as const, mfa_token: result.mfaToken };
      if ('setupToken' in result) return { totp_setup_required: true as const, setup_token: result.setupToken };
      return { access_token: result.accessToken };
    },
    mfa: async ({ body, ip }) => ({ access_token: (await auth.verifyMfa({ ...body, ip })).accessToken }),
    totpSetup: ({ body }) => auth.totpSetup(body),
    totpConfirm: async ({ body, ip }) => {
      const { accessToken, recoveryCodes } = await auth.totpConfirm({ ...body, ip });
      return { access_token: accessToken, recovery_codes: recoveryCodes };
    },
    totpStatus: ({ user }) => auth.totpStatus(user),
    totpEnrol: ({ user }) => auth.totpEnrol(user),
    totpEnable: ({ user, body, ip }) => auth.totpEnable(user, body, ip),
    totpDisable: ({ user, body, ip }) => auth.totpDisable(user, body, ip),
    recoveryCodes: ({ user, body, ip }) => auth.renewRecoveryCodes(user, body, ip),
    register: async ({ body, ip }) => {
      const { accessToken, role } = await auth.register({ ...body, ip });
      return { ...(accessToken ? { access_token: accessToken } : {}), role };
    },
    protectedCheck: async ({ user }) => ({ logged_in_as: user.username }),
    // The web app renews its token while the user is active (30-minute tokens, 12-hour cap).
    renew: async ({ user }) => ({ access_token: (await auth.renew(user)).accessToken }),
    logout: ({ user }) => auth.logout(user),
    changePassword: ({ user, body, ip }) => auth.changePassword(user, body, ip),
    // Investors may ask too: the answer 0 is what hides the Admin link (docs/product.md "Who and where").
    adminLevel: async ({ user }) => ({ admin_level: user.adminLevel, role: user.role }),
  }) satisfies Partial<Handlers>;
