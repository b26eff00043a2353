import { z } from 'zod';
import { isRoutingNumber, ROUTING_NUMBER_WORDS } from '../values/routing-number.js';

/**
 * The group's ACH details: what a distribution run's NACHA file says about who sends it and to which
 * bank. Every field goes into fixed-width fields of the file, so each is plain ASCII and no longer than
 * its field; what is saved is what the file carries (in capitals).
 */

const PLAIN = /^[\x20-\x7e]*$/;
const PLAIN_WORDS = 'must use plain letters, digits and punctuation: the bank\'s file carries only those';

const FileText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters, as many as the bank's file holds`)
    .refine((v) => PLAIN.test(v), PLAIN_WORDS)
    .describe(`Plain ASCII (letters, digits, punctuation, spaces), at most ${max} characters: a field of the NACHA file`);

const AbaRouting = z.string({ error: 'is required' }).trim().max(40, 'must be at most 40 characters')
  .transform((v) => v.replace(/[\s-]/g, '')).refine(isRoutingNumber, ROUTING_NUMBER_WORDS);

export const ChangeAchSettingsRequest = z.strictObject({
  /** The group's name as the payees' banks show it: at most 16 characters. */
  company_name: FileText(16),
  /** Ten characters the bank assigned, often '1' followed by the group's EIN. */
  company_id: z.string({ error: 'is required' }).trim().transform((v) => v.replace(/-/g, '').toUpperCase())
    .refine((v) => /^[0-9A-Z]{10}$/.test(v), "must be 10 letters or digits (often '1' followed by the 9 digits of the EIN)"),
  /** The group's own bank, which sends the payments (ODFI). */
  originating_routing: AbaRouting,
  /** The bank that receives the file; often the same as the originating bank. */
  destination_routing: AbaRouting,
  destination_name: FileText(23),
  origin_name: FileText(23),
});

/** The saved details, or every field null before an administrator first saves them. */
export const AchSettingsResponse = z.object({
  company_name: z.string().nullable(),
  company_id: z.string().nullable(),
  originating_routing: z.string().nullable(),
  destination_routing: z.string().nullable(),
  destination_name: z.string().nullable(),
  origin_name: z.string().nullable(),
  /** When they were last changed (ISO time), null when never saved. */
  updated_at: z.string().nullable(),
});

export const ChangeAchSettingsResponse = AchSettingsResponse.extend({ message: z.string() });
