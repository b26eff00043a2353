import { z } from 'zod';

/**
 * Every event that sends an e-mail notice, with the words the Account page shows. Security notices
 * (`security: true`) cannot be turned off; the others are on until the user turns them off. Events
 * wired later (documents, statement periods, updates) are listed already so the settings show them.
 */
export const NOTICE_EVENTS = {
  password_changed: { label: 'Your password was changed', security: true },
  two_factor_changed: { label: 'Two-factor sign-in was turned on or off', security: true },
  new_device_sign_in: { label: 'A sign-in from a device you have not used before', security: true },
  bank_account_change_requested: { label: 'A change of your bank account for distributions was requested', security: true },
  bank_account_changed: { label: 'Your bank account for distributions was changed', security: true },
  withdrawal_recorded: { label: 'Money was sent to you (a withdrawal was recorded)', security: false },
  document_published: { label: 'A document or K-1 was published for you', security: false },
  statement_published: { label: 'A statement period was published', security: false },
  investor_update: { label: 'The manager posted an investor update', security: false },
  capital_call_issued: { label: 'You were asked for capital (a capital call)', security: false },
  capital_call_reminder: { label: 'A reminder of a capital call you still owe on', security: false },
  // To someone without a login yet: not a setting of anyone's account, so the settings leave it out.
  delegate_invited: { label: "An invitation to read an investor's page", security: true, invitation: true },
} as const satisfies Record<string, { label: string; security: boolean; invitation?: true }>;

export type NoticeEvent = keyof typeof NOTICE_EVENTS;
/** An invitation goes to an address, not an account: nobody's settings list it. */
export const isInvitation = (event: NoticeEvent): boolean => 'invitation' in NOTICE_EVENTS[event];
export const NOTICE_EVENT_NAMES = Object.keys(NOTICE_EVENTS) as [NoticeEvent, ...NoticeEvent[]];
export const NoticeEventName = z.enum(NOTICE_EVENT_NAMES);

export const NoticeSettingRow = z.object({
  event: NoticeEventName,
  label: z.string(),
  /** Security notices: always sent, shown as on and not changeable. */
  always_on: z.boolean(),
  enabled: z.boolean(),
});
export const NoticeSettingsResponse = z.object({
  /** Where the notices go (the investor's e-mail address), or null when the account has none. */
  address: z.string().nullable(),
  settings: z.array(NoticeSettingRow),
});

export const ChangeNoticeSettingsRequest = z.strictObject({
  settings: z
    .array(z.strictObject({ event: NoticeEventName, enabled: z.boolean() }))
    .min(1, 'Choose at least one notice to change.')
    .max(NOTICE_EVENT_NAMES.length),
});

export const OutboxQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  page_size: z.coerce.number().int().min(1).max(200).optional(),
});
export const OutboxStatus = z.enum(['pending', 'sent', 'failed']);
export const OutboxRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  event: z.string(),
  address: z.string(),
  subject: z.string(),
  text: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export const OutboxResponse = z.object({
  notices: z.array(OutboxRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Whether this server sends e-mail (SMTP_URL and MAIL_FROM set); without it the outbox only fills. */
  sending: z.boolean(),
});
