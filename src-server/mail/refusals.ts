/**
 * What a failed send means, read from the error nodemailer gives: the SMTP command that failed, the
 * server's reply code and, when the server gives one, its enhanced status code (RFC 3463, "5.7.1").
 *
 * A mail server answers 5xx for two very different reasons: something about this mail ("no such
 * mailbox", "message too large"), which no retry mends, and something about the site ("relay access
 * denied" without a sign-in, an exceeded sending quota, an account the provider blocked), which the
 * operator mends and which then lets every mail through. Giving up on the second kind would lose every
 * mail queued meanwhile (a whole newsletter in a few seconds), so only the first kind is final.
 */
import { collapseWhitespace } from '@shared/post-summary';

/**
 * - `refused_for_good`: this mail will never be taken (the address or the message); no retry.
 * - `setup_fault`: the site's sign-in (SMTP_URL) or sender (MAIL_FROM) was refused; the same for every
 *   mail, so the mail waits however long it takes the operator to mend it.
 * - `try_again`: anything else (a temporary 4xx, a network error, a 5xx that may be the site's own setup:
 *   5.7.x policy, 5.3/5.4/5.5, or a 5xx without an enhanced code; at MAIL FROM, a 4xx and the few 5xx
 *   that are neither the sender nor the message, see mailFromVerdict); retried with the backoff, a limited
 *   number of times.
 */
export type FailureVerdict = 'refused_for_good' | 'setup_fault' | 'try_again';

export type MailFailure = {
  verdict: FailureVerdict;
  /**
   * The kind of refusal, the same for every recipient the server refuses for the same reason (the
   * command and the enhanced code, the reply code or nodemailer's error code: "RCPT TO 5.7.1"). The
   * worker stops sending when several recipients in a row get the same one (worker.ts).
   */
  kind: string;
};

/**
 * Enhanced codes of a 5xx that are about this mail, each final for it:
 * - 5.1.x: the address (5.1.1 no such user, 5.1.2 no such domain, 5.1.3 bad syntax, 5.1.10 null MX);
 * - 5.2.1: the mailbox is disabled, not accepting mail;
 * - 5.2.3: the message is larger than the recipient takes; the same message always will be.
 * Not 5.2.2 (mailbox full): RFC 3463 calls it a persistent transient failure, the recipient may make room,
 * so it is retried like a 4xx.
 */
function isAboutThisMail(enhanced: EnhancedCode): boolean {
  if (enhanced.subject === 1) return true;
  return enhanced.subject === 2 && (enhanced.detail === 1 || enhanced.detail === 3);
}

type EnhancedCode = { klass: number; subject: number; detail: number; text: string };

/** The enhanced status code at the start of a reply ("554 5.7.1 <a@b>: Relay access denied"), if any. */
function enhancedStatusCode(response: string): EnhancedCode | null {
  const match = /^\d{3}[ -]([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(response.trim());
  if (!match) return null;
  const [, klass, subject, detail] = match;
  return { klass: Number(klass), subject: Number(subject), detail: Number(detail), text: `${klass}.${subject}.${detail}` };
}

/** 5.3.4 (message too big for the system) and 5.2.3 (message length exceeds an administrative limit). */
const isTooLarge = (enhanced: EnhancedCode) =>
  (enhanced.subject === 3 && enhanced.detail === 4) || (enhanced.subject === 2 && enhanced.detail === 3);

/**
 * MAIL FROM names only the site's sender (MAIL_FROM), in the session the site signed in to (SMTP_URL), so
 * most refusals of it are the site's setup and no mail goes until the operator mends it (RFC 5321 §3.3,
 * §4.2.2). Not all, though, and a refusal of one mail taken for the setup keeps that mail waiting for
 * good, and every mail after it behind the pause it starts:
 * - a 4xx is temporary (421 closing, 451 local error, 452 no storage now, 455 parameters not now): tried
 *   again like any other 4xx; refused alike for several recipients in a row, it pauses as they do;
 * - 5.3.4 or 5.2.3 is the size of this message (the SIZE extension, RFC 1870, declares it with MAIL FROM;
 *   nodemailer refuses one larger than the server announced itself, EMESSAGE): final, and the reply says
 *   why on the admin's screen (refusalSummary). A bare 552 may be the message's size or the account's
 *   storage (RFC 5321 "exceeded storage allocation"): neither the sender nor surely this mail, so tried
 *   again;
 * - 5.1.x (the sender's address: 5.1.7 bad syntax, 5.1.8 bad domain), 5.5.x (the command as the site sends
 *   it: sign-in first, syntax, parameters) and 5.7.x (policy, sign-in, a blocked account) are the setup,
 *   and so is a 5xx without a telling enhanced code (550 sender rejected, 553 mailbox name not allowed,
 *   530 sign-in required);
 * - any other enhanced code (5.2.2 storage, 5.3.x the mail system, 5.4.x routing, 5.6.x the content) is
 *   tried again.
 */
function mailFromVerdict(responseCode: unknown, enhanced: EnhancedCode | null, code: unknown): FailureVerdict {
  if (typeof responseCode !== 'number') return code === 'EMESSAGE' ? 'refused_for_good' : 'setup_fault';
  if (responseCode < 500) return 'try_again';
  // X.0.0 is "other undefined status": no more than the reply code says.
  const telling = enhanced?.klass === 5 && (enhanced.subject !== 0 || enhanced.detail !== 0) ? enhanced : null;
  if (!telling) return responseCode === 552 ? 'try_again' : 'setup_fault';
  if (isTooLarge(telling)) return 'refused_for_good';
  return [1, 5, 7].includes(telling.subject) ? 'setup_fault' : 'try_again';
}

export function classifyFailure(error: unknown): MailFailure {
  const { responseCode, response, command, code } = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    command?: unknown;
    code?: unknown;
  };
  const enhanced = typeof response === 'string' ? enhancedStatusCode(response) : null;
  const status = enhanced?.text ?? (typeof responseCode === 'number' ? String(responseCode) : typeof code === 'string' ? code : 'error');
  const kind = [typeof command === 'string' ? command : '', status].filter(Boolean).join(' ');

  // nodemailer itself refused the envelope or message (an address it cannot send to at all).
  if (command === 'API') return { verdict: code === 'EENVELOPE' || code === 'EMESSAGE' ? 'refused_for_good' : 'try_again', kind };
  if (code === 'EAUTH') return { verdict: 'setup_fault', kind };
  if (command === 'MAIL FROM') return { verdict: mailFromVerdict(responseCode, enhanced, code), kind };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  if (permanent && (command === 'RCPT TO' || command === 'DATA') && enhanced?.klass === 5 && isAboutThisMail(enhanced))
    return { verdict: 'refused_for_good', kind };
  return { verdict: 'try_again', kind };
}

/** How long a reason shown to an admin may be. */
const SUMMARY_MAX_LENGTH = 160;

/**
 * The mail server's answer in a stored error, short enough for a line on an admin screen, without the
 * recipient's address (so the same refusal of many recipients reads alike): "554 5.7.1 <[address]>:
 * Relay access denied" from nodemailer's "Can't send mail - all recipients were rejected: 554 5.7.1 …".
 * An error without a server answer (a network error) is given as it is.
 */
export function refusalSummary(error: string): string {
  const reply = /(?:^|: )([45]\d\d[ -].*)$/s.exec(error)?.[1] ?? error;
  const line = collapseWhitespace(withoutAddresses(reply));
  return line.length > SUMMARY_MAX_LENGTH ? `${line.slice(0, SUMMARY_MAX_LENGTH - 1)}…` : line;
}

/** A mail server's error names the recipient ("550 <ada@example.org>: User unknown"): not for the log. */
export function withoutAddresses(message: string): string {
  return message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');
}
