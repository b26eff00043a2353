import { isInvitation, NOTICE_EVENTS, type NoticeEvent } from '../../../contract/schemas/notices.js';

/** What an event's notice may say beyond its kind: never a figure, a tax ID or a document's contents. */
export type NoticeParams = {
  /** two_factor_changed: turned on (true) or off (false). */
  on?: boolean;
  /** new_device_sign_in: the browser and system in a few words ("Firefox on Linux"). */
  device?: string;
  /**
   * delegate_invited: the investor whose page the delegate will read, who invited them (the investor, or
   * null for the manager on the investor's behalf), what they will see, and the one-time registration secret.
   */
  invitation?: { investor: string; invitedBy: string | null; sees: string; secret: string };
};

export type NoticeMail = { subject: string; text: string; html: string; headers: Record<string, string> };

type Wording = { subject: string; lines: string[]; path: string; action: string };

/** The words of each event: what is new, and where in the portal it is. */
function wordingOf(event: NoticeEvent, portal: string, p: NoticeParams): Wording {
  const ifNotYou = 'If this was not you, sign in and change your password at once, and tell the manager.';
  switch (event) {
    case 'password_changed':
      return { subject: `${portal}: your password was changed`, path: 'account', action: 'Open your account',
        lines: [`The password of your ${portal} account was just changed.`, ifNotYou] };
    case 'two_factor_changed':
      return { subject: `${portal}: two-factor sign-in was turned ${p.on ? 'on' : 'off'}`, path: 'account', action: 'Open your account',
        lines: [`Two-factor sign-in of your ${portal} account was just turned ${p.on ? 'on' : 'off'}.`, ifNotYou] };
    case 'new_device_sign_in':
      return { subject: `${portal}: a sign-in from a new device`, path: 'account', action: 'Open your account',
        lines: [`Your ${portal} account was just signed in to from a device it has not been used on before${p.device ? ` (${p.device})` : ''}.`, ifNotYou] };
    case 'bank_account_change_requested':
      return { subject: `${portal}: a change of your bank account was requested`, path: 'account', action: 'Open your account',
        lines: [`A new bank account for your distributions was entered in ${portal}. It is paid only once an administrator approves it.`,
          'If you did not ask for this, tell the manager at once (not by replying to this e-mail), and change your password.'] };
    case 'bank_account_changed':
      return { subject: `${portal}: your bank account was changed`, path: 'account', action: 'Open your account',
        lines: [`Your bank account for distributions in ${portal} was changed: distributions are paid to the new account from now on.`,
          'If you did not ask for this, tell the manager at once (not by replying to this e-mail).'] };
    case 'withdrawal_recorded':
      return { subject: `${portal}: money was sent to you`, path: 'investor', action: 'See it in the portal',
        lines: [`A withdrawal was recorded for you in ${portal}: money was sent to you.`, 'Sign in to see the details.'] };
    case 'document_published':
      return { subject: `${portal}: a new document for you`, path: 'investor', action: 'See your documents',
        lines: [`A new document is waiting for you in ${portal}.`, 'Sign in to read it.'] };
    case 'statement_published':
      return { subject: `${portal}: a new statement period`, path: 'investor', action: 'See your statements',
        lines: [`A new statement period was published in ${portal}.`, 'Sign in to see your statement.'] };
    case 'investor_update':
      return { subject: `${portal}: an update from the manager`, path: 'investor', action: 'Read the update',
        lines: [`The manager posted an update in ${portal}.`, 'Sign in to read it.'] };
    case 'capital_call_issued':
      return { subject: `${portal}: a capital call for you`, path: 'investor', action: 'See the capital call',
        lines: [`The manager asked for capital in ${portal}: a property you invest in needs money from its investors.`,
          'Sign in to see your share, the due date and how to pay.'] };
    case 'delegate_invited': {
      const i = p.invitation;
      const by = i?.invitedBy ?? 'The manager';
      return { subject: `${portal}: an invitation to read ${i?.investor ?? 'an investor'}'s investor page`, path: 'register', action: 'Register',
        lines: [`${by} invited you to read the investor page of ${i?.investor ?? 'an investor'} in ${portal}: you will see ${i?.sees ?? 'it'}. You can read, not change anything.`,
          `Your one-time registration secret: ${i?.secret ?? ''}`,
          'Register with it (choosing your own username and password) within 7 days; it works once.',
          'If you did not expect this invitation, ignore this e-mail: nothing happens without the secret.'] };
    }
    case 'capital_call_reminder':
      return { subject: `${portal}: a reminder of a capital call`, path: 'investor', action: 'See the capital call',
        lines: [`A capital call in ${portal} still shows an amount outstanding from you.`, 'Sign in to see what is left to pay and how.'] };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail of one notice: a plain-text and an HTML part saying the same, a link into the portal built
 * from PORTAL_URL, and for the kinds a user may turn off, a List-Unsubscribe header pointing at the
 * Account page's notice settings.
 */
export function noticeMail(event: NoticeEvent, { portalName, portalUrl }: { portalName: string; portalUrl: string }, params: NoticeParams = {}): NoticeMail {
  const w = wordingOf(event, portalName, params);
  const link = new URL(w.path, portalUrl).href;
  const settings = new URL('account#notices', portalUrl).href;
  const optional = !NOTICE_EVENTS[event].security;
  const footer = optional
    ? `You get this e-mail because notices of this kind are on. Turn them off in your account's notice settings: ${settings}`
    : isInvitation(event)
      ? `You get this e-mail once, because someone invited you to ${portalName}.`
      : 'This is a security notice: it is sent for every change of this kind and cannot be turned off.';
  const text = [...w.lines, '', `${w.action}: ${link}`, '', '--', footer, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...w.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`,
    `<p style="color:#666;font-size:small">${
      optional
        ? `You get this e-mail because notices of this kind are on. <a href="${escapeHtml(settings)}">Turn them off in your notice settings.</a>`
        : escapeHtml(footer)
    }</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: w.subject, text, html, headers: optional ? { 'List-Unsubscribe': `<${settings}>` } : {} };
}

/** A few words for a user agent ("Chrome on Windows"), for the new-device notice; never the whole string. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari' : 'a browser';
  const system = /iPhone|iPad/.test(userAgent) ? 'iOS' : /Android/.test(userAgent) ? 'Android' : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}
