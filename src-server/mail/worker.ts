import { DEFAULT_NEWSLETTER_RATE_PER_MINUTE } from '@shared/constants';
import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { backoffDelayMs } from '../lib/backoff';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import { claimDueMail, claimPacedMail, mailHeaders, markAttemptFailed, markSent, NEWSLETTER_MAIL_KIND } from './outbox';
import type { MailTransport } from './transport';

// 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: a mail server may be away for about three hours.
export const MAX_ATTEMPTS = 10;
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const POLL_MS = 5_000;

/** Exponential backoff: 30 s, 1 min, 2 min, 4 min, 8 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts, FIRST_RETRY_MS, MAX_RETRY_MS);
}

/** runOnce() resolves with how many mails were sent; kick() after a request queued a mail. */
export type OutboxWorker = PollingWorker;

/**
 * Sends the outbox in the background of the server process. A failure is recorded on the row and
 * retried later; after the last attempt the row is marked failed and logged. Nothing here ever
 * throws into a visitor's request.
 *
 * Newsletter mail is paced: at most `newsletterRatePerMinute` per minute across every process, so a
 * newsletter to thousands does not flood the mail server. Every other mail is claimed first, by
 * priority (kinds.ts), so a sign-up link or an order confirmation never waits behind a newsletter or
 * a pile of contact mail. As many mails as the transport takes at once (its pooled connections) are
 * sent side by side, each lane claiming its own; the claim keeps any mail from going out twice.
 */
export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: Logger;
  clock: Clock;
  newsletterRatePerMinute?: number;
}): OutboxWorker {
  const { db, transport, from, logger, clock } = deps;
  // Rounded up: the mails of any 60 s stay within the rate.
  const newsletterIntervalMs = Math.ceil(60_000 / (deps.newsletterRatePerMinute ?? DEFAULT_NEWSLETTER_RATE_PER_MINUTE));
  /** When a paced mail that was due may go, if the last run had to leave it. */
  let pacedUntil: Date | null = null;

  async function claimNext() {
    const now = clock.now();
    const mail = await claimDueMail(db, now, LEASE_MS, { exceptKinds: [NEWSLETTER_MAIL_KIND] });
    if (mail) return { mail, nextSlotAt: null };
    return claimPacedMail(db, NEWSLETTER_MAIL_KIND, now, LEASE_MS, newsletterIntervalMs);
  }

  async function sendDue(): Promise<number> {
    pacedUntil = null;
    const laneCount = Math.max(1, transport.concurrency ?? 1);
    // Settled rather than raced: a lane that fails must not end the run while the others still send.
    const lanes = await Promise.allSettled(Array.from({ length: laneCount }, () => sendInLane()));
    const failed = lanes.find((lane) => lane.status === 'rejected');
    if (failed) throw failed.reason;
    const done = lanes.flatMap((lane) => (lane.status === 'fulfilled' ? [lane.value] : []));
    const slots = done.flatMap(({ nextSlotAt }) => (nextSlotAt ? [nextSlotAt.getTime()] : []));
    pacedUntil = slots.length > 0 ? new Date(Math.min(...slots)) : null;
    return done.reduce((total, { sent }) => total + sent, 0);
  }

  /** Claims and sends one mail after another until none is due (or the paced kind's slot is taken). */
  async function sendInLane(): Promise<{ sent: number; nextSlotAt: Date | null }> {
    let sent = 0;
    for (;;) {
      const { mail, nextSlotAt } = await claimNext();
      if (!mail) return { sent, nextSlotAt };
      if (await deliver(mail)) sent++;
    }
  }

  /** Sends one claimed mail and records the outcome; resolves with whether it was sent. */
  async function deliver(mail: OutboxRow): Promise<boolean> {
    try {
      await transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mailHeaders(mail) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A refusal of this mail ("no such mailbox") will not change by trying again.
      const permanent = isRefusalOfThisMail(error);
      // A fault of the site's own setup (sign-in, sender) does not use up a mail's attempts: the mails wait,
      // retried hourly at most, until the operator mends it (/healthz says "stuck" meanwhile).
      if (permanent || (mail.attempts >= MAX_ATTEMPTS && !isSetupFault(error))) {
        await markAttemptFailed(db, mail.id, message, null);
        logger.error('mail failed for good', {
          mailId: mail.id,
          kind: mail.kind,
          attempts: mail.attempts,
          error: withoutAddresses(message),
        });
      } else {
        const retryAt = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
        await markAttemptFailed(db, mail.id, message, retryAt);
        logger.warn('mail attempt failed; will retry', {
          mailId: mail.id,
          kind: mail.kind,
          attempts: mail.attempts,
          retryAt: retryAt.toISOString(),
          error: withoutAddresses(message),
        });
      }
      return false;
    }
    // Sent. Recording it is kept apart from the send: a database hiccup here must not count as a
    // failed delivery (the lease then expires and the mail would go out twice), so try harder.
    await recordSent(mail.id);
    return true;
  }

  async function recordSent(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await markSent(db, id, clock.now());
      } catch (error) {
        if (attempt >= 3) return logger.error('mail was sent but could not be marked as sent; it may be sent again', { mailId: id, error });
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  const worker = createPollingWorker({
    name: 'outbox',
    pollMs: POLL_MS,
    logger,
    run: sendDue,
    // A paced mail that had to wait goes as soon as its slot comes, rather than at the next poll.
    nextRunInMs: () => (pacedUntil ? pacedUntil.getTime() - clock.now().getTime() : null),
  });
  return {
    ...worker,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}

/**
 * Whether the mail server refused this mail for good: a 5xx answer to its recipient or its content
 * (nodemailer names the SMTP command), or an address nodemailer cannot send to at all. A 5xx to the
 * sign-in (535, a wrong SMTP password) or to the sender (MAIL FROM) is the site's setup, the same for
 * every mail: those are tried again, so the queue is kept until the operator has mended SMTP_URL or
 * MAIL_FROM (and /healthz says the mail is stuck meanwhile).
 */
function isRefusalOfThisMail(error: unknown): boolean {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: unknown; command?: unknown; code?: unknown };
  if (command === 'API') return code === 'EENVELOPE' || code === 'EMESSAGE';
  const isFinal = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return isFinal && (command === 'RCPT TO' || command === 'DATA');
}

/** The mail server refused the site's sign-in (a wrong password in SMTP_URL) or its sender (MAIL_FROM). */
function isSetupFault(error: unknown): boolean {
  const { code, command } = (error ?? {}) as { code?: unknown; command?: unknown };
  return code === 'EAUTH' || command === 'MAIL FROM';
}

/** A mail server's error names the recipient ("550 <ada@example.org>: User unknown"): not for the log. */
export function withoutAddresses(message: string): string {
  return message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');
}
