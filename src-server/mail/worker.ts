import { DEFAULT_NEWSLETTER_RATE_PER_MINUTE } from '@shared/constants';
import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { backoffDelayMs } from '../lib/backoff';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import { outgoingHeaders } from './headers';
import { claimDueMail, claimPacedMail, mailHeaders, markAttemptFailed, markSent, NEWSLETTER_MAIL_KIND } from './outbox';
import { classifyFailure, withoutAddresses } from './refusals';
import { endSendingPause, pauseSending, readSendingPause, type SendingPause, shortenSendingPause } from './sending-pause';
import type { MailTransport } from './transport';

// 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: a mail server may be away for about three hours.
export const MAX_ATTEMPTS = 10;
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const POLL_MS = 5_000;
/**
 * Refused alike (the same kind of refusal, refusals.ts) for this many different recipients in a row, with
 * nothing delivered between them: it is not the recipients, it is the site's setup or its mail server,
 * and the worker stops sending (the pause grows as the retries do: 30 s, 1 min, 2 min … an hour).
 */
export const REFUSALS_BEFORE_PAUSE = 3;

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
 * Only a refusal of the mail itself (refusals.ts: no such address, message too large) is final at once.
 * When the mail server refuses several recipients in a row alike (relay denied, quota exceeded), the
 * worker stops sending for a while instead of burning the queue (sending-pause.ts, shared by every
 * process), logs one error naming SMTP_URL and MAIL_FROM, and then tries one mail: sent, everything goes
 * again; refused alike, a longer pause. A mail refused as part of such a pause uses up no attempts.
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
  /** Where replies to a buyer's, donor's or sender's mail go (CONTACT_INBOX; headers.ts). */
  teamInbox: string;
  logger: Logger;
  clock: Clock;
  newsletterRatePerMinute?: number;
}): OutboxWorker {
  const { db, transport, from, teamInbox, logger, clock } = deps;
  // Rounded up: the mails of any 60 s stay within the rate.
  const newsletterIntervalMs = Math.ceil(60_000 / (deps.newsletterRatePerMinute ?? DEFAULT_NEWSLETTER_RATE_PER_MINUTE));
  /** When a paced mail that was due may go, if the last run had to leave it. */
  let pacedUntil: Date | null = null;
  /** When the sending pause that stopped the last run ends. */
  let pausedUntil: Date | null = null;
  /** The pause the run under way found or made; with `probing`, it has ended and one mail tries whether it is mended. */
  let pause: SendingPause | null = null;
  let probing = false;
  /** The refusals since the last delivery, all alike, to different recipients (lower-cased). */
  let streak: { kind: string; recipients: Set<string> } | null = null;

  async function claimNext() {
    const now = clock.now();
    const mail = await claimDueMail(db, now, LEASE_MS, { exceptKinds: [NEWSLETTER_MAIL_KIND] });
    if (mail) return { mail, nextSlotAt: null };
    return claimPacedMail(db, NEWSLETTER_MAIL_KIND, now, LEASE_MS, newsletterIntervalMs);
  }

  async function sendDue(): Promise<number> {
    pacedUntil = null;
    pausedUntil = null;
    pause = await readSendingPause(db);
    if (pause && pause.until > clock.now().toISOString()) {
      pausedUntil = new Date(pause.until);
      return 0;
    }
    // After a pause, one mail at a time until one is sent (or the next pause begins).
    probing = pause !== null;
    const laneCount = probing ? 1 : Math.max(1, transport.concurrency ?? 1);
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
      // A refusal in this or another lane paused the sending: nothing more is claimed.
      if (pausedUntil) return { sent, nextSlotAt: null };
      const { mail, nextSlotAt } = await claimNext();
      if (!mail) return { sent, nextSlotAt };
      if (await deliver(mail)) sent++;
    }
  }

  /** Sends one claimed mail and records the outcome; resolves with whether it was sent. */
  async function deliver(mail: OutboxRow): Promise<boolean> {
    try {
      const headers = outgoingHeaders(mail.kind, mailHeaders(mail), teamInbox);
      await transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers });
    } catch (error) {
      await recordFailure(mail, error);
      return false;
    }
    // Sent. Recording it is kept apart from the send: a database hiccup here must not count as a
    // failed delivery (the lease then expires and the mail would go out twice), so try harder.
    await recordSent(mail.id);
    streak = null;
    if (probing) {
      probing = false;
      pause = null;
      await endSendingPause(db);
      logger.info('mail server takes mail again; sending resumed', { mailId: mail.id, kind: mail.kind });
    }
    return true;
  }

  async function recordFailure(mail: OutboxRow, error: unknown): Promise<void> {
    // Stored and logged without the recipient's address: the row has it in `to` (emptied when a subscriber
    // leaves), the log must not, and the admin's newsletter screen groups the same answer for many.
    const message = withoutAddresses(error instanceof Error ? error.message : String(error));
    const { verdict, kind } = classifyFailure(error);
    // A refusal of this mail ("no such mailbox") will not change by trying again; it says nothing of the setup.
    const pausing = verdict !== 'refused_for_good' && (await noteRefusal(mail, kind, message));
    // A fault of the site's own setup (sign-in, sender, or refusals alike that paused the sending) does not
    // use up a mail's attempts: the mails wait until the operator mends it (/healthz says so meanwhile).
    if (verdict === 'refused_for_good' || (mail.attempts >= MAX_ATTEMPTS && verdict !== 'setup_fault' && !pausing)) {
      await markAttemptFailed(db, mail.id, message, null);
      logger.error('mail failed for good', { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, refusal: kind, error: message });
      return;
    }
    const retryAt = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
    await markAttemptFailed(db, mail.id, message, retryAt);
    logger.warn('mail attempt failed; will retry', {
      mailId: mail.id,
      kind: mail.kind,
      attempts: mail.attempts,
      retryAt: retryAt.toISOString(),
      refusal: kind,
      error: message,
    });
  }

  /**
   * Counts a refusal that may be the site's: resolves with whether it belongs to a pause of the sending,
   * one that it starts now (the REFUSALS_BEFORE_PAUSE-th alike in a row, or the mail tried after a pause
   * refused alike again) or one a refusal in another lane started during this run.
   */
  async function noteRefusal(mail: OutboxRow, kind: string, message: string): Promise<boolean> {
    if (pausedUntil) return pause?.refusal === kind;
    const recipient = mail.to.toLowerCase();
    if (streak?.kind === kind) streak.recipients.add(recipient);
    else streak = { kind, recipients: new Set([recipient]) };
    const refusedAgain = probing && pause?.refusal === kind;
    if (!refusedAgain && streak.recipients.size < REFUSALS_BEFORE_PAUSE) return false;
    await pauseAfter(kind, message);
    return true;
  }

  async function pauseAfter(kind: string, message: string): Promise<void> {
    const now = clock.now();
    const previous = probing ? pause : null;
    const trips = (previous?.trips ?? 0) + 1;
    pausedUntil = new Date(now.getTime() + retryDelayMs(trips));
    pause = { since: previous?.since || now.toISOString(), until: pausedUntil.toISOString(), trips, refusal: kind };
    probing = false;
    streak = null;
    await pauseSending(db, pause);
    const detail = { refusal: kind, error: message, pausedUntil: pause.until, since: pause.since };
    if (previous) logger.warn('mail server still refuses mail; sending stays paused', detail);
    else
      logger.error(
        'mail server refuses mail to several recipients alike; sending paused. Likely the site setup: check SMTP_URL (sign-in, relay permission, sending quota) and MAIL_FROM',
        detail,
      );
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
    // A paced mail that had to wait goes as soon as its slot comes, rather than at the next poll; after a
    // pause, the one mail tries as soon as it ends.
    nextRunInMs: () => {
      const next = pausedUntil ?? pacedUntil;
      return next ? next.getTime() - clock.now().getTime() : null;
    },
  });
  return {
    ...worker,
    start() {
      worker.start();
      void shortenSendingPause(db, clock.now()).then(
        () => worker.kick(),
        (error: unknown) => logger.error('could not end the mail sending pause at start', { error }),
      );
    },
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
