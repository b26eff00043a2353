import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** The outbox sender's timing for tests: polls and retries in milliseconds, not minutes. */
export const FAST_SENDING = { pollMs: 50, claimMs: 1_000, baseDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 5, stopGraceMs: 200 };

export type Arrived = { to: string; mail: ParsedMail };

/** An in-process SMTP server: what it accepted, and a switch to make it refuse or hold messages. */
export async function startMailServer() {
  const arrived: Arrived[] = [];
  const waiters: (() => void)[] = [];
  let refuseNext = 0;
  let holdNext = 0;
  const held: { release: (err?: Error) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      void simpleParser(stream).then((mail) => {
        if (holdNext > 0) {
          holdNext--;
          // The message is in, but the server has not said yes: the sender waits on it.
          held.push({ release: (err) => callback(err ?? null) });
          for (const w of waiters.splice(0)) w();
          return;
        }
        for (const rcpt of session.envelope.rcptTo) arrived.push({ to: rcpt.address, mail });
        callback(null);
        for (const w of waiters.splice(0)) w();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** Resolves when `check` holds after a message arrives (or is held), or fails after `ms`. */
  const until = (check: () => boolean, ms = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('the mail server did not get what was expected in time')), ms);
      const look = () => (check() ? (clearTimeout(timeout), resolve()) : waiters.push(look));
      look();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    held,
    until,
    refuse: (n: number) => (refuseNext = n),
    hold: (n: number) => (holdNext = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
