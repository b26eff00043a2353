import { isInvitation, NOTICE_EVENT_NAMES, NOTICE_EVENTS, type NoticeEvent } from '../../../contract/schemas/notices.js';
import type { Db, Queryable } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { noticeMail, type NoticeParams } from './notice-mail.js';
import {
  eventsTurnedOff, insertNotice, outboxPage, recipientOfInvestor, recipientOfUser, recordDevice, saveSetting, transactionId,
  type NoticeRecipient,
} from './outbox.repository.js';
import { currentSignInDevice } from './sign-in-device.js';

/**
 * Who a notice is for: a portal user (security notices), an investor (their login's choices apply), or an
 * address of someone without a login yet (an invitation).
 */
export type NoticeTo = { userId: number } | { investorId: number } | { email: string };

export type QueueNoticeInput = {
  event: NoticeEvent;
  recipients: NoticeTo[];
  /**
   * What the event is about (a document's id, a period): the same event about the same thing is queued
   * once per person, however often it is reported. Without it, each transaction's event is its own.
   */
  ref?: string;
  params?: NoticeParams;
};

// An address the mail server can take; the investor's e-mail field is free text.
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

export function createNoticesService({ db, portalName, portalUrl, sending }: { db: Db; portalName: string; portalUrl: string; sending: boolean }) {
  async function resolve(tx: Queryable, to: NoticeTo): Promise<NoticeRecipient | undefined> {
    if ('email' in to) return { userId: null, investorId: null, email: to.email };
    return 'userId' in to ? recipientOfUser(tx, to.userId) : recipientOfInvestor(tx, to.investorId);
  }

  /**
   * Queues a notice for each recipient with an e-mail address who has not turned the event off, in the
   * caller's transaction: it commits with the change it reports, or not at all. Answers how many were queued.
   */
  async function queueNotice(tx: Queryable, { event, recipients, ref, params }: QueueNoticeInput): Promise<number> {
    const about = ref ?? `tx${await transactionId(tx)}`;
    const mail = noticeMail(event, { portalName, portalUrl }, params);
    let queued = 0;
    for (const to of recipients) {
      const r = await resolve(tx, to);
      if (!r || !ADDRESS.test(r.email)) continue;
      if (!NOTICE_EVENTS[event].security && r.userId !== null && (await eventsTurnedOff(tx, r.userId)).has(event)) continue;
      const who = r.userId !== null ? `u${r.userId}` : r.investorId !== null ? `i${r.investorId}` : `a${r.email}`;
      const inserted = await insertNotice(tx, {
        event, dedupeKey: `${event}:${who}:${about}`.slice(0, 200), userId: r.userId, investorId: r.investorId, address: r.email,
        subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers,
      });
      if (inserted) queued++;
    }
    return queued;
  }

  async function settingsOf(tx: Queryable, userId: number) {
    const recipient = await recipientOfUser(tx, userId);
    const off = await eventsTurnedOff(tx, userId);
    return {
      address: recipient && ADDRESS.test(recipient.email) ? recipient.email : null,
      settings: NOTICE_EVENT_NAMES.filter((event) => !isInvitation(event)).map((event) => ({
        event, label: NOTICE_EVENTS[event].label, always_on: NOTICE_EVENTS[event].security,
        enabled: NOTICE_EVENTS[event].security || !off.has(event),
      })),
    };
  }

  return {
    queueNotice,

    /**
     * A session was opened (auth.service.ts): the device is remembered, and one the user has not signed
     * in from before, when they had signed in from another, gets the security notice. The first device
     * of an account (its registration, or its first sign-in since notices began) is only remembered.
     */
    async signedIn(tx: Queryable, userId: number): Promise<void> {
      const device = currentSignInDevice();
      if (!device) return;
      const { isNew, hadOthers } = await recordDevice(tx, userId, device.hash, device.label);
      if (isNew && hadOthers) {
        await queueNotice(tx, { event: 'new_device_sign_in', recipients: [{ userId }], params: { device: device.label } });
      }
    },

    settings: (userId: number) => db.snapshot((tx) => settingsOf(tx, userId)),

    async changeSettings(userId: number, changes: { event: NoticeEvent; enabled: boolean }[]) {
      const locked = changes.find((c) => NOTICE_EVENTS[c.event].security && !c.enabled);
      if (locked) throw new ValidationError(`"${NOTICE_EVENTS[locked.event].label}" is a security notice: it cannot be turned off.`);
      return db.transaction(async (tx) => {
        for (const c of changes) if (!NOTICE_EVENTS[c.event].security) await saveSetting(tx, userId, c.event, c.enabled);
        return settingsOf(tx, userId);
      });
    },

    /** The outbox for the admin, newest first. */
    async outbox(query: { page?: number; page_size?: number }) {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 50;
      const { rows, total } = await db.snapshot((tx) => outboxPage(tx, pageSize, (page - 1) * pageSize));
      return {
        notices: rows.map((r) => ({
          id: r.id, created_at: r.created_at.toISOString(), event: r.event, address: r.address, subject: r.subject, text: r.body_text,
          status: r.sent_at ? ('sent' as const) : r.failed_at ? ('failed' as const) : ('pending' as const),
          attempts: r.attempts, sent_at: r.sent_at?.toISOString() ?? null,
          next_attempt_at: r.sent_at || r.failed_at ? null : r.next_attempt_at.toISOString(), last_error: r.last_error,
        })),
        total, page, page_size: pageSize, sending,
      };
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
