import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: 'must be one of true/false, 1/0, on/off, yes/no',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** Every setting the server reads, from environment variables. Documented in README.md. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters of random text (256 bits)').optional(),
  ),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_TOTP_SECRET: optionalText.pipe(z.string().regex(/^[A-Za-z2-7 ]{16,}=*$/, 'must be a base32 secret of at least 16 characters').optional()),
  // Admins must sign in with a TOTP code (docs/decisions.md #14); "optional" is for development only.
  ADMIN_MFA: z.enum(['required', 'optional']).default('required'),
  PORTAL_NAME: z.string().trim().min(1).max(100).default('App'),
  PORTAL_LOGO: flag(false),
  PORTAL_LOGO_FILE: optionalText,
  PORTAL_LOREN: flag(false),
  PORTAL_LOREN_SELECTOR: flag(false),
  PORTAL_GROUP_LAND_CONTRACT: flag(true),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: flag(false),
  // A request's headers and body must arrive within this many seconds (docs/security.md P3, P4).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: flag(false),
  // Compute the investors' summaries and the properties' details ahead of reads (docs/performance.md). Off only to
  // measure cold reads, or on a server that should leave the work to the others.
  ANSWERS_AHEAD: flag(true),
  // E-mail notices (docs/decisions.md, "Notices through an outbox"): sent only when both are set; the
  // outbox fills either way.
  SMTP_URL: optionalText.pipe(
    z.string().regex(/^smtps?:\/\/[^/\s]+/, 'must look like smtp://user:pass@host:port or smtps://user:pass@host:port').optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(320).regex(/@/, 'must be an e-mail address, e.g. "Maple Investors <portal@example.com>"').optional()),
  // The address put in the e-mails' links; the portal as its users reach it.
  PORTAL_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()),
  // A bank account change (and a distribution run) made by one admin waits for another admin's approval.
  REQUIRE_SECOND_APPROVER: flag(false),
  // The key investors' tax IDs and bank accounts are sealed under (AES-256-GCM). Unset: the server makes
  // one on its first start and keeps it in DATA_DIR/data-key (db/data-key.ts), and openRuntime hands it to
  // the services; without either (services built with no runtime) sealed data is refused.
  DATA_KEY: optionalText.pipe(
    z.string()
      .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v.trim()) && Buffer.from(v.trim(), 'base64').length === 32, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
      .transform((v) => Buffer.from(v.trim(), 'base64'))
      .optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  adminTotpSecret: string | undefined;
  adminMfa: 'required' | 'optional';
  portal: { name: string; logo: boolean; logoFile: string | undefined; loren: boolean; lorenSelector: boolean; groupLandContract: boolean };
  authRateLimitPerMinute: number;
  trustProxy: boolean;
  requestTimeoutSeconds: number;
  logLevel: string;
  demoData: boolean;
  answersAhead: boolean;
  mail: { smtpUrl: string | undefined; from: string | undefined; portalUrl: string };
  /** The 32-byte key of sealed data (tax IDs, bank accounts): DATA_KEY, else the data directory's key file; undefined: refused. */
  dataKey: Buffer | undefined;
  /** REQUIRE_SECOND_APPROVER: an admin's bank account change or distribution run needs another admin's approval. */
  requireSecondApprover: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the configuration; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL is set but MAIL_FROM is not: say who the e-mails come from');
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_USERNAME) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD is set but ADMIN_USERNAME is not');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET?.replace(/[\s=]/g, '').toUpperCase(),
    adminMfa: e.ADMIN_MFA,
    portal: {
      name: e.PORTAL_NAME,
      logo: e.PORTAL_LOGO,
      logoFile: e.PORTAL_LOGO_FILE,
      loren: e.PORTAL_LOREN,
      lorenSelector: e.PORTAL_LOREN_SELECTOR,
      groupLandContract: e.PORTAL_GROUP_LAND_CONTRACT,
    },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    answersAhead: e.ANSWERS_AHEAD,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      portalUrl: (e.PORTAL_URL ?? `http://localhost:${e.PORT}/`).replace(/\/*$/, '/'),
    },
    dataKey: e.DATA_KEY,
    requireSecondApprover: e.REQUIRE_SECOND_APPROVER,
  };
}
