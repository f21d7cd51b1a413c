/**
 * What a refusal of MAIL FROM means (refusals.ts), with errors shaped as nodemailer's SMTP connection
 * makes them (`_formatError`: code, response, responseCode, command). MAIL FROM names only the site's
 * sender, yet not every refusal of it is the site's setup: a temporary 4xx is tried again, and a message
 * too large is final; only the sender, the command and the policy wait for the operator.
 */
import { describe, expect, it } from 'vitest';
import { classifyFailure, refusalSummary } from '@server/mail/refusals';

/** nodemailer's error for a reply to MAIL FROM that is not 2xx (smtp-connection `_actionMAIL`). */
function mailFromRefusal(response: string) {
  return Object.assign(new Error(`Mail command failed: ${response}`), {
    code: 'EENVELOPE',
    response,
    responseCode: Number(response.slice(0, 3)),
    command: 'MAIL FROM',
  });
}

describe('classifyFailure at MAIL FROM', () => {
  it.each([
    ['552 5.3.4 Message size exceeds fixed limit', 'MAIL FROM 5.3.4'],
    ['552 5.2.3 Message length exceeds administrative limit', 'MAIL FROM 5.2.3'],
  ])('refuses this mail for good on %s: the same message is always too large', (response, kind) => {
    expect(classifyFailure(mailFromRefusal(response))).toEqual({ verdict: 'refused_for_good', kind });
  });

  it('refuses this mail for good when nodemailer finds it larger than the SIZE the server announced', () => {
    const error = Object.assign(new Error('Message size larger than allowed 1000'), { code: 'EMESSAGE', command: 'MAIL FROM' });
    expect(classifyFailure(error)).toEqual({ verdict: 'refused_for_good', kind: 'MAIL FROM EMESSAGE' });
  });

  it.each([
    ['451 4.3.0 Temporary local problem, try again later', 'MAIL FROM 4.3.0'],
    ['421 4.7.0 Too many connections, closing', 'MAIL FROM 4.7.0'],
    ['421 Service not available, closing transmission channel', 'MAIL FROM 421'],
    ['452 4.3.1 Insufficient system storage', 'MAIL FROM 4.3.1'],
    ['450 4.1.8 <site@schoolbox.example>: Sender address rejected: Domain not found', 'MAIL FROM 4.1.8'],
  ])('tries again after %s, as after any temporary refusal (no setup fault)', (response, kind) => {
    expect(classifyFailure(mailFromRefusal(response))).toEqual({ verdict: 'try_again', kind });
  });

  it.each([
    ['553 5.1.7 The sender address is not valid', 'MAIL FROM 5.1.7'],
    ['550 5.1.8 <site@schoolbox.example>: Sender address rejected: Domain not found', 'MAIL FROM 5.1.8'],
    ['550 5.7.1 Sender address not owned by the signed-in user', 'MAIL FROM 5.7.1'],
    ['530 5.7.0 Authentication required', 'MAIL FROM 5.7.0'],
    ['503 5.5.1 Error: authentication required first', 'MAIL FROM 5.5.1'],
    ['550 Sender rejected', 'MAIL FROM 550'],
    ['553 Mailbox name not allowed', 'MAIL FROM 553'],
    ['550 5.0.0 Sender rejected', 'MAIL FROM 5.0.0'],
  ])('waits for the operator on %s: the site’s sender, sign-in or policy', (response, kind) => {
    expect(classifyFailure(mailFromRefusal(response))).toEqual({ verdict: 'setup_fault', kind });
  });

  it.each([
    ['552 Requested mail action aborted: exceeded storage allocation', 'MAIL FROM 552'],
    ['552 5.2.2 Storage allocation of the account exceeded', 'MAIL FROM 5.2.2'],
    ['554 5.3.2 System not accepting network messages', 'MAIL FROM 5.3.2'],
  ])('tries again, a limited number of times, on %s: neither surely the sender nor surely this mail', (response, kind) => {
    expect(classifyFailure(mailFromRefusal(response))).toEqual({ verdict: 'try_again', kind });
  });

  it('still waits for the operator on a refused sign-in', () => {
    const error = Object.assign(new Error('Invalid login: 535 5.7.8 Authentication credentials invalid'), {
      code: 'EAUTH',
      response: '535 5.7.8 Authentication credentials invalid',
      responseCode: 535,
      command: 'AUTH PLAIN',
    });
    expect(classifyFailure(error).verdict).toBe('setup_fault');
  });

  it('gives the admin the server’s own reason for a message too large', () => {
    expect(refusalSummary(mailFromRefusal('552 5.3.4 Message size exceeds fixed limit').message)).toBe(
      '552 5.3.4 Message size exceeds fixed limit',
    );
  });
});
