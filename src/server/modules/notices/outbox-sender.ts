import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { sha256 } from '../../lib/random.js';
import { claimDue, markFailed, markSent, type ClaimedNotice } from './outbox.repository.js';

export type SenderTiming = {
  /** How often the outbox is looked at when it had nothing due. */
  pollMs: number;
  /** How long a claimed row is this sender's: a row still unsent after it (its server stopped) is due again. */
  claimMs: number;
  /** The first retry's wait; each further one waits twice as long, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts (claims) before a notice is given up and shown failed. */
  maxAttempts: number;
  /** How long stop() waits for a send under way. */
  stopGraceMs: number;
  batch: number;
};

export const DEFAULT_TIMING: SenderTiming = {
  pollMs: 5_000, claimMs: 5 * 60_000, baseDelayMs: 30_000, maxDelayMs: 6 * 3600_000, maxAttempts: 10, stopGraceMs: 5_000, batch: 20,
};

/** The wait before attempt `attempts + 1`, or null when `attempts` reached the cap. */
export function retryDelayMs(attempts: number, t: Pick<SenderTiming, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>): number | null {
  if (attempts >= t.maxAttempts) return null;
  return Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A notice's Message-ID, the same on every attempt (it comes from the dedupe key): a message sent again
 * after a server stopped between the mail server's yes and marking the row (the one case that can repeat)
 * is the same message to the receiving side.
 */
export const messageIdOf = (dedupeKey: string, portalUrl: string) =>
  `<${sha256(dedupeKey).slice(0, 40)}@${new URL(portalUrl).hostname || 'portal.invalid'}>`;

/**
 * Sends the outbox (docs/decisions.md, "Notices through an outbox"): claims due rows, sends each through
 * SMTP_URL, marks it sent, or on a refusal or a server that is down, tries again later with exponential
 * back-off until the cap. Started by main.ts when SMTP_URL and MAIL_FROM are set; the app's close stops it.
 */
export function createOutboxSender({ db, smtpUrl, from, portalUrl }: { db: Db; smtpUrl: string | undefined; from: string | undefined; portalUrl: string }) {
  let timing = DEFAULT_TIMING;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let onError: (err: unknown) => void = () => {};
  let transport: Transporter | undefined;

  async function send(notice: ClaimedNotice): Promise<void> {
    try {
      await transport!.sendMail({
        from, to: notice.address, subject: notice.subject, text: notice.body_text, html: notice.body_html,
        headers: notice.headers, messageId: messageIdOf(notice.dedupe_key, portalUrl),
      });
    } catch (err) {
      // After stop() the row is left claimed: its claim runs out and the next sender tries it.
      if (stopped) return;
      const words = err instanceof Error ? err.message : String(err);
      await markFailed(db, notice.id, words, retryDelayMs(notice.attempts, timing));
      return;
    }
    // Sent: recorded even while stopping, so a restart does not send it again.
    await markSent(db, notice.id);
  }

  /** One pass: claims the due notices and sends them one by one; answers how many it claimed. */
  async function pass(): Promise<number> {
    const claimed = await db.transaction((tx) => claimDue(tx, timing.batch, timing.claimMs));
    for (const notice of claimed) {
      if (stopped) break;
      await send(notice);
    }
    return claimed.length;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().catch((err: unknown) => {
        if (!stopped) onError(err);
        return 0;
      });
      void running.then((n) => schedule(n > 0 ? 0 : timing.pollMs));
    }, ms);
  }

  return {
    /** Whether this server sends (SMTP_URL and MAIL_FROM set). */
    sending: Boolean(smtpUrl && from),

    start(opts: { timing?: Partial<SenderTiming>; onError?: (err: unknown) => void } = {}) {
      if (!smtpUrl || !from || !stopped) return;
      timing = { ...DEFAULT_TIMING, ...opts.timing };
      onError = opts.onError ?? (() => {});
      transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as object);
      stopped = false;
      schedule(0);
    },

    /** Stops sending: waits up to stopGraceMs for the send under way; what is left stays claimed until its claim runs out. */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      if (running) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, timing.stopGraceMs)))]);
        clearTimeout(grace);
      }
      transport?.close();
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
