import { dateText, monthText, usd } from '../../../contract/values/human-format.js';

/**
 * The audit trail in words: "admin recorded an expense of $432.00 on Birch Court Fourplex
 * (Repairs)". Names come from the books, never internal ids; the raw record stays beside it.
 */
export type EntryNames = { kind: string; amountCents: number; property: string | null; investor: string | null; llc: string | null; category: string | null };
export type AuditFacts = {
  user: string | null; action: string; entity: string; entity_id?: string | null; before: unknown; after: unknown;
  /** The name of the personal API token the change was made with, if one was. */
  api_token?: string | null;
};

const field = (record: unknown, key: string): string | undefined => {
  const value = (record as Record<string, unknown> | null | undefined)?.[key];
  return value === undefined || value === null ? undefined : String(value);
};
/** Who a document or update was for, as its audit row keeps it. */
function audienceWords(audience: unknown): string {
  if (audience && typeof audience === 'object') {
    const a = audience as { investor?: string; llc?: string; investors?: string[] };
    if (a.investor) return `for ${a.investor}`;
    if (a.llc) return `for the members of ${a.llc}`;
    if (Array.isArray(a.investors)) return `for ${a.investors.length === 1 ? a.investors[0] : `${a.investors.length} investors`}`;
  }
  return 'for every investor';
}
/** "an auditor", "a bookkeeper". */
const aRole = (role: string | undefined) => (/^[aeiou]/.test(role ?? '') ? `an ${role}` : `a ${role}`);
const quoted = (text: string | undefined) => (text ? ` “${text}”` : '');
const withCategory = (text: string, category: string | null) => (category ? `${text} (${category})` : text);

/** The entry an import rule proposes: "property expense, Oak Street Duplex, Repairs". */
function ruleWords(rule: unknown): string {
  const kind = field(rule, 'kind') ?? '';
  const words = kind === 'lc_payment' ? 'land-contract payment' : kind.replaceAll('_', ' ').replace('llc', 'LLC');
  return [words, field(rule, 'property'), field(rule, 'category'), field(rule, 'investor')].filter(Boolean).join(', ');
}

/** What a ledger entry is, in words: "an expense of $432.00 on Birch Court Fourplex (Repairs)". */
export function entryPhrase(e: EntryNames): string {
  const amount = usd(e.amountCents);
  switch (e.kind) {
    case 'property_income': return withCategory(`income of ${amount} on ${e.property}`, e.category);
    case 'property_expense': return withCategory(`an expense of ${amount} on ${e.property}`, e.category);
    case 'investor_property_expense': return withCategory(`an expense of ${amount} on ${e.property} charged to ${e.investor}`, e.category);
    case 'lc_payment': return `a land-contract payment of ${amount} on ${e.property}`;
    case 'deposit': return `a deposit of ${amount} on ${e.property}`;
    case 'deposit_withdrawal': return `a deposit refund of ${amount} on ${e.property}`;
    case 'investment': return `an investment of ${amount} by ${e.investor} in ${e.property}`;
    case 'investment_withdrawal': return `a return of capital of ${amount} to ${e.investor} from ${e.property}`;
    case 'cash_withdrawal': return `a cash withdrawal of ${amount} for ${e.investor}`;
    case 'llc_expense': return withCategory(`an LLC expense of ${amount} for ${e.llc}`, e.category);
    default: return `an entry of ${amount}`;
  }
}

/**
 * `entry`: the ledger entry an event is about; `name`: the name of the investor, property or LLC it is about.
 * A change made with a personal API token says so: "… with the API token “nightly import”".
 */
export function auditSentence(a: AuditFacts, names: { entry?: EntryNames; name?: string }): string {
  const sentence = eventSentence(a, names);
  return a.api_token ? `${sentence} with the API token “${a.api_token}”` : sentence;
}

function eventSentence(a: AuditFacts, { entry, name }: { entry?: EntryNames; name?: string }): string {
  const who = a.user ?? 'The system';
  const after = (key: string) => field(a.after, key);
  const before = (key: string) => field(a.before, key);
  const run = `distribution run${a.entity_id ? ` ${a.entity_id}` : ''}`;
  switch (`${a.action} ${a.entity}`) {
    case 'record ledger_entry': {
      // A correction records the new entry naming the one it replaces.
      const corrects = after('corrects');
      return `${who} recorded ${entry ? entryPhrase(entry) : 'an entry'}${corrects ? `, correcting entry ${corrects}` : ''}`;
    }
    case 'void ledger_entry': {
      const reason = after('void_reason');
      return `${who} voided ${entry ? entryPhrase(entry) : 'an entry'}${reason ? `: “${reason}”` : ''}`;
    }
    case 'create investor': return `${who} added the investor ${after('name')}`;
    case 'set_fee investor': {
      const bps = Number(after('fee_bps') ?? 0);
      return `${who} set the fee of ${name ?? 'an investor'} to ${bps / 100}% from ${monthText(after('effective_month') ?? '') || 'the start'}`;
    }
    case 'reissue_secret investor': return `${who} issued a new registration secret for ${after('investor') ?? name}`;
    case 'create property': return `${who} added the property ${after('name')} to ${after('llc')}`;
    case 'update_notes property': return `${who} updated the notes of ${name ?? 'a property'}`;
    case 'create llc': return `${who} added the LLC ${after('name')}`;
    case 'update llc': return `${who} updated the LLC ${name ?? after('name') ?? ''}`.trimEnd();
    case 'close_period llc': return `${who} closed the books of ${name ?? 'an LLC'} through ${dateText(after('closed_through') ?? '')}`;
    case 'reopen_period llc': return `${who} reopened the books of ${name ?? 'an LLC'}`;
    case 'create category': return `${who} added the category ${after('name')}`;
    case 'create loren': return `${who} added the loren ${after('name')}`;
    case 'register portal_user': return `${after('username')} registered a portal login${after('role') ? ` as ${aRole(after('role'))}` : ''}`;
    case 'create_admin portal_user': return `The admin account ${after('username')} was created`;
    case 'change_password portal_user': return `${after('username')} changed their password`;
    case 'enable_totp portal_user': return `${after('username')} set up two-factor sign-in`;
    case 'reset_totp portal_user': return `The two-factor sign-in of ${after('username')} was cleared by an operator`;
    case 'reset_password portal_user': return `The password of ${after('username')} was reset by an operator`;
    case 'admin_reset_password portal_user': return `${who} set a new password for ${after('username')} (${after('investor')})`;
    case 'admin_reset_totp portal_user': return `${who} turned off the two-factor sign-in of ${after('username')} (${after('investor')})`;
    case 'disable_totp portal_user': return `${after('username')} turned off two-factor sign-in`;
    case 'renew_recovery_codes portal_user': return `${after('username')} made new recovery codes`;
    case 'use_recovery_code portal_user': return `${after('username')} signed in with a recovery code (${after('codes_left')} left)`;
    case 'invite_staff registration_secret': {
      const llcs = (a.after as { llcs?: string[] } | null)?.llcs ?? [];
      return `${who} invited ${after('name')} as ${aRole(after('role'))}${llcs.length ? ` of ${llcs.join(', ')}` : ''}`;
    }
    case 'change_staff_role portal_user': {
      const llcs = (a.after as { llcs?: string[] } | null)?.llcs ?? [];
      return `${who} changed the role of ${after('username')} from ${before('role')} to ${after('role')}${llcs.length ? ` of ${llcs.join(', ')}` : ''}`;
    }
    case 'end_staff_access portal_user': return `${who} ended the access of ${before('username')} (${before('role')})`;
    case 'delete_portal_user portal_user': return `${who} deleted the portal login ${before('username')} of ${before('investor')}`;
    case 'set_tax_id investor': return `${who} put a tax ID on file for ${name ?? 'an investor'} (${after('tax_id')})`;
    case 'change_tax_id investor': return `${who} changed the tax ID of ${name ?? 'an investor'} from ${before('tax_id')} to ${after('tax_id')}`;
    case 'give_k1_consent investor': return `${name ?? 'An investor'} consented to receive K-1s electronically`;
    case 'withdraw_k1_consent investor': return `${name ?? 'An investor'} withdrew their consent to receive K-1s electronically`;
    case 'upload_document document': {
      const audience = (a.after as { audience?: unknown } | null)?.audience;
      return `${who} uploaded the document${quoted(after('title'))} ${audienceWords(audience)}`;
    }
    case 'replace_document document': return `${who} replaced a document's file with version ${after('version')} (${after('file_name')})`;
    case 'withdraw_document document': return `${who} withdrew the document${quoted(before('title'))}: “${after('reason')}”`;
    case 'post_update investor_update': {
      const audience = (a.after as { audience?: unknown } | null)?.audience;
      return `${who} posted the update${quoted(after('title'))} ${audienceWords(audience)}`;
    }
    case 'withdraw_update investor_update': return `${who} withdrew the update${quoted(before('title'))}`;
    case 'upload_k1_batch k1_batch':
      return `${who} uploaded ${after('files')} K-1 files for ${after('llc')} ${after('tax_year')} (${after('matched_by_tax_id')} matched by tax ID, ${after('matched_by_name')} by name, ${after('unmatched')} left to assign)`;
    case 'publish_k1_batch k1_batch': return `${who} published ${after('published')} K-1s of ${after('llc')} for ${after('tax_year')}`;
    case 'discard_k1_batch k1_batch': return `${who} discarded a K-1 batch of ${after('llc')} for ${after('tax_year')}`;
    case 'publish_statements statement_publication': {
      const investors = (a.after as { investors?: unknown[] } | null)?.investors?.length ?? 0;
      return `${who} published the statements of ${dateText(after('from') ?? '')} – ${dateText(after('to') ?? '')} for ${investors} investors`;
    }
    case 'change_bank_account investor': return `${who} set the bank account of ${name ?? 'an investor'}`;
    case 'request_bank_account_change investor': return `${who} asked to change the bank account of ${name ?? 'an investor'}: waiting for approval`;
    case 'approve_bank_account_change investor': return `${who} approved the new bank account of ${name ?? 'an investor'}`;
    case 'reject_bank_account_change investor': return `${who} rejected the new bank account of ${name ?? 'an investor'}: “${after('reason')}”`;
    case 'change_ach_settings ach_settings': return `${who} changed the ACH details for distribution payments`;
    case 'draft_distribution_run distribution_run': return `${who} drafted ${run} dated ${dateText(after('date') ?? '')}`;
    case 'change_distribution_line distribution_run':
      return `${who} changed the line of ${after('investor')} in ${run} from ${before('amount')} to ${after('amount')}`;
    case 'approve_distribution_run distribution_run':
      return `${who} approved ${run}: ${after('paid_lines')} payments totalling ${after('total')}`;
    case 'cancel_distribution_run distribution_run': return `${who} cancelled ${run}`;
    case 'issue_capital_call capital_call':
      return `${who} called ${usd(Number(after('amount_cents') ?? 0))} from the investors of ${after('property')}, due ${dateText(after('due_date') ?? '')}`;
    case 'remind_capital_call capital_call': {
      const reminded = (a.after as { reminded?: unknown[] } | null)?.reminded?.length ?? 0;
      return `${who} reminded ${reminded} investors of a capital call`;
    }
    case 'cancel_capital_call capital_call': return `${who} cancelled a capital call: “${after('reason')}”`;
    case 'create_api_token api_token':
      return `${who} created the API token “${after('name')}” (${after('read_only') === 'true' ? 'read-only' : 'may make changes'}, until ${dateText(after('expires_at') ?? '')})`;
    case 'revoke_api_token api_token': return `${who} revoked the API token “${after('name')}”`;
    case 'invite_delegate investor_access': {
      const sees = [after('can_see_figures') === 'true' ? 'figures' : '', after('can_see_documents') === 'true' ? 'documents' : ''].filter(Boolean).join(' and ');
      return `${who} invited ${after('delegate')} to read the ${sees} of ${after('investor')}${after('emailed') === 'true' ? ' (by e-mail)' : ''}`;
    }
    case 'revoke_delegate investor_access': return `${who} ended the access of ${before('delegate')} to the page of ${before('investor')}`;
    case 'grant_entity investor_access': return `${who} let the login ${after('username')} hold the investor record ${after('investor')}`;
    case 'revoke_entity investor_access': return `${who} took the investor record ${before('investor')} away from the login ${before('username')}`;
    case 'upload_picture picture': return `${who} uploaded a picture${after('property') ? ` for ${after('property')}` : ''}`;
    case 'add_llc_bank_account llc_bank_account': return `${who} added the bank account “${after('name')}” of ${after('llc')}`;
    case 'change_llc_bank_account llc_bank_account': return `${who} changed the bank account “${after('name')}” of ${after('llc')}`;
    case 'add_bank_rule bank_rule': return `${who} added the import rule “${after('match_text')}” → ${ruleWords(a.after)}`;
    case 'change_bank_rule bank_rule': return `${who} changed the import rule “${after('match_text')}” → ${ruleWords(a.after)} (number ${after('position')})`;
    case 'delete_bank_rule bank_rule': return `${who} deleted the import rule “${before('match_text')}” of ${before('llc')}`;
    case 'bank_import_preview bank_import':
      return `${who} read the bank statement “${after('file_name')}” of ${after('llc')} (${after('lines')} lines; nothing recorded yet)`;
    case 'bank_import_commit bank_import':
      return `${who} recorded ${after('taken')} lines of the bank statement “${after('file_name')}” of ${after('llc')} and skipped ${after('skipped')}`;
    case 'bank_import_undo bank_import':
      return `${who} undid the import of the bank statement “${after('file_name')}” of ${after('llc')}: ${after('voided')} entries voided`;
    case 'set_terms property': return `${who} set the land-contract terms of ${name ?? 'a property'}`;
    case 'set_federal_rate federal_rate': {
      const bps = Number(after('rate_bps'));
      const rate = Number.isInteger(bps) ? `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')} %` : 'a rate';
      return `${who} recorded ${rate} as the ${after('term')}-term applicable federal rate of ${String(after('month') ?? '').slice(0, 7)}`;
    }
    default: return `${who}: ${a.action.replaceAll('_', ' ')} (${a.entity.replaceAll('_', ' ')})`;
  }
}
