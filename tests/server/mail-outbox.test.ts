/**
 * The mail outbox against a real SMTP server running in this process (smtp-server), through the app's
 * real SMTP transport (nodemailer): a refusing server delays a mail but never loses it, never sends it
 * twice and never breaks the visitor's request; after the last attempt the mail is given up and logged.
 * Only a refusal of the mail itself (5.1.x, 5.2.1, 5.2.3) is final at once; a refusal that may be the
 * site's own setup (5.7.1 relay access denied, …) is retried, and several alike in a row pause the sending
 * (/healthz "failing") instead of losing the queue. A newsletter's failed mails can be sent again.
 * Account mail goes before bulk mail queued earlier, over a few pooled connections, each mail once.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMTP_MAX_CONNECTIONS } from '@shared/constants';
import type { OutboxRow } from '@server/db/schema';
import { createLogger } from '@server/lib/logger';
import type { MailKind } from '@server/mail/kinds';
import { CLI_ACTOR } from '@server/audit/record';
import { randomToken } from '@server/auth/random-token';
import { newId } from '@server/lib/ids';
import { listFailedMails, resendFailedMail } from '@server/mail/failed-mails';
import { claimDueMail, dueMailCandidates, enqueueMail } from '@server/mail/outbox';
import { pauseSending, readSendingPause } from '@server/mail/sending-pause';
import { createSmtpTransport, type MailTransport } from '@server/mail/transport';
import { createOutboxWorker, MAX_ATTEMPTS, REFUSALS_BEFORE_PAUSE, retryDelayMs } from '@server/mail/worker';
import { signedInUser, tokenFromMail } from '../support/accounts';
import { catalogEntry } from '../support/catalog';
import { decodeEncodedWords, decodeQuotedPrintable, splitHeadersAndBody } from '../support/mime';
import { trpcMutation, trpcQuery } from '../support/http';
import { onPostgres } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

// ---------------------------------------------------------------------------------------------
// A real SMTP server that refuses the first `refuse` messages with a temporary error (451). It writes
// each reply exactly as a test gives it (no enhanced status code of its own), as Postfix would:
// "554 5.7.1 <ada@example.org>: Relay access denied".

type ReceivedMail = { raw: string; from: string; rcptTo: string[] };
/** A refusal as the server sends it: the reply code, then the text (which may begin with an enhanced code). */
type Refusal = { code: number; text: string };
type FakeSmtp = {
  url: string;
  /** How many messages reached the DATA stage (accepted or refused). */
  attempts: number;
  /** How many SMTP connections were opened, and how many are open now. */
  connections: number;
  openConnections: number;
  /** How many of the next messages to refuse; set to Infinity to refuse everything. */
  refuse: number;
  /** The SMTP reply code of a refusal of the message (DATA): 451 is temporary, 5xx permanent. */
  refuseCode: number;
  /** Its text, after the code. */
  refuseText: string;
  /** Answer 535 to every sign-in (a wrong password in SMTP_URL). */
  refuseAuth: boolean;
  /** How the server answers RCPT TO for an address: a refusal, or null to take it. */
  recipientRefusal: ((address: string) => Refusal | null) | null;
  /** How the server answers MAIL FROM (the site's sender): a refusal, or null to take it. */
  senderRefusal: (() => Refusal | null) | null;
  /** How many MAIL FROM commands arrived (taken or refused). */
  senders: number;
  /** How many RCPT TO commands arrived (taken or refused). */
  recipients: number;
  accepted: ReceivedMail[];
  close(): Promise<void>;
};

async function startSmtpServer(refuse: number): Promise<FakeSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // The replies carry the enhanced codes the tests write, not ones smtp-server would add by reply code.
    hideENHANCEDSTATUSCODES: true,
    onAuth(auth, _session, callback) {
      if (smtp.refuseAuth) callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      else callback(null, { user: auth.username });
    },
    onMailFrom(_address, _session, callback) {
      smtp.senders++;
      const refusal = smtp.senderRefusal?.() ?? null;
      if (refusal) callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      smtp.recipients++;
      const refusal = smtp.recipientRefusal?.(address.address) ?? null;
      if (refusal) callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      else callback();
    },
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      smtp.connections++;
      smtp.openConnections++;
      callback();
    },
    onClose() {
      smtp.openConnections--;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        smtp.attempts++;
        if (smtp.refuse > 0) {
          smtp.refuse--;
          callback(Object.assign(new Error(smtp.refuseText), { responseCode: smtp.refuseCode }));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        smtp.accepted.push({ raw: Buffer.concat(chunks).toString('utf8'), from, rcptTo: session.envelope.rcptTo.map((a) => a.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const smtp: FakeSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    attempts: 0,
    connections: 0,
    openConnections: 0,
    refuse,
    refuseCode: 451,
    refuseText: 'Mailbox busy',
    refuseAuth: false,
    recipientRefusal: null,
    recipients: 0,
    senderRefusal: null,
    senders: 0,
    accepted: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return smtp;
}

// ---------------------------------------------------------------------------------------------
// The text/plain and text/html parts of what nodemailer wrote (multipart or not), in
// quoted-printable, base64 or 7/8bit; tests/support/mime.ts reads headers and encodings.

function decodeBody(body: string, transferEncoding: string | undefined): string {
  switch ((transferEncoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

type ParsedMail = { subject: string; to: string; from: string; text: string; html: string };

function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeadersAndBody(raw);
  const parts: Array<{ type: string; content: string }> = [];
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break; // the closing delimiter
        const inner = splitHeadersAndBody(section.replace(/^\n/, ''));
        collect(inner.headers, inner.body);
      }
    } else {
      parts.push({ type: type.toLowerCase(), content: decodeBody(partBody, partHeaders.get('content-transfer-encoding')) });
    }
  };
  collect(headers, body);
  return {
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    to: decodeEncodedWords(headers.get('to') ?? ''),
    from: decodeEncodedWords(headers.get('from') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

// ---------------------------------------------------------------------------------------------

const SUBJECT_DE = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';
// To an address not proven yet, the mails greet no one by name (anyone can type any name).
const GREETING_DE = 'Hallo,';

let app: TestApp | undefined;
let smtp: FakeSmtp | undefined;

afterEach(async () => {
  await app?.close();
  await smtp?.close();
  app = undefined;
  smtp = undefined;
});

/** `wrap` lets a test see what the worker hands to the real SMTP transport. */
async function start(
  refuse: number,
  wrap: (transport: MailTransport) => MailTransport = (transport) => transport,
): Promise<{ app: TestApp; smtp: FakeSmtp }> {
  smtp = await startSmtpServer(refuse);
  app = await startTestApp({}, { mailTransport: wrap(createSmtpTransport(smtp.url)) });
  return { app, smtp };
}

let signUps = 0;
async function signUp(target: TestApp, locale: string, email = `mail${++signUps}-${Date.now()}@example.org`) {
  const response = await trpcMutation(target.url, 'auth.signUp', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    password: 'secret123',
    locale,
  });
  return { response, email };
}

async function outboxRows(target: TestApp): Promise<OutboxRow[]> {
  return target.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
}

async function onlyRow(target: TestApp): Promise<OutboxRow> {
  const rows = await outboxRows(target);
  expect(rows).toHaveLength(1);
  return rows[0] as OutboxRow;
}

describe('the outbox against a real SMTP server', () => {
  it('keeps a refused mail, retries it after the delay, and delivers it exactly once', async () => {
    const { app, smtp } = await start(1);
    const { response, email } = await signUp(app, 'de');
    expect(response.status).toBe(200);
    expect(response.body.result?.data).toEqual({ ok: true });

    // First attempt: the server says 451; the mail stays queued with the error on it.
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.attempts).toBe(1);
    expect(smtp.accepted).toHaveLength(0);
    let row = await onlyRow(app);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, to: email, kind: 'verify_email', sent_at: null });
    expect(row.last_error).toMatch(/Mailbox busy/);
    expect(app.logs).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'mail attempt failed; will retry', attempts: 1 }));

    // After the retry delay the next run delivers it.
    app.clock.advance(retryDelayMs(1) + 1000);
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.attempts).toBe(2);
    expect(smtp.accepted).toHaveLength(1);
    row = await onlyRow(app);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(row.sent_at).toBe(app.clock.now().toISOString());

    // What arrived: to the new account, from MAIL_FROM, in German, with a working confirmation link.
    const received = smtp.accepted[0] as ReceivedMail;
    expect(received.rcptTo).toEqual([email]);
    const mail = parseMail(received.raw);
    expect(mail.to).toContain(email);
    expect(mail.from).toBe(app.config.mailFrom);
    expect(mail.subject).toBe(SUBJECT_DE);
    expect(mail.text).toContain('Hallo,\n');
    expect(mail.text).not.toContain('Grace');
    expect(mail.text).toContain(`${app.url}/auth/verify?token=`);
    expect(mail.html).toContain('lang="de"');
    const token = tokenFromMail(mail.text, '/auth/verify');
    const verified = await trpcMutation(app.url, 'auth.verifyEmail', { token });
    expect(verified.status).toBe(200);

    // The log never carries the mail's link (it holds a secret token).
    expect(JSON.stringify(app.logs)).not.toContain(token);

    // Nothing is sent again, however much later the worker runs.
    expect(await app.outbox.runOnce()).toBe(0);
    app.clock.advance(7 * 24 * 60 * 60_000);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.attempts).toBe(2);
    expect(smtp.accepted).toHaveLength(1);
  });

  it('does not retry before the retry time', async () => {
    const { app, smtp } = await start(1);
    expect((await signUp(app, 'de')).response.status).toBe(200);

    await app.outbox.runOnce();
    expect(smtp.attempts).toBe(1);
    const failedAt = app.clock.now().getTime();
    expect(new Date((await onlyRow(app)).next_attempt_at).getTime()).toBe(failedAt + retryDelayMs(1));

    // Just before the retry time: the worker leaves the mail alone.
    app.clock.advance(retryDelayMs(1) - 1000);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.attempts).toBe(1);
    expect(await onlyRow(app)).toMatchObject({ status: 'pending', attempts: 1 });

    // Once it is due, it goes.
    app.clock.advance(2000);
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.attempts).toBe(2);
    expect(smtp.accepted).toHaveLength(1);
    expect(await onlyRow(app)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, marks the mail failed and logs an error`, async () => {
    const { app, smtp } = await start(Infinity);
    const { response } = await signUp(app, 'de');
    expect(response.status).toBe(200);
    expect(response.body.result?.data).toEqual({ ok: true });

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await app.outbox.runOnce()).toBe(0);
      expect(smtp.attempts).toBe(attempt);
      const row = await onlyRow(app);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toMatch(/Mailbox busy/);
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe('pending');
        app.clock.advance(retryDelayMs(attempt) + 1000);
      }
    }

    const row = await onlyRow(app);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sent_at: null });
    const failures = app.logs.filter((line) => line.msg === 'mail failed for good');
    expect(failures).toEqual([expect.objectContaining({ level: 'error', mailId: row.id, kind: 'verify_email', attempts: MAX_ATTEMPTS })]);
    expect(app.logs.filter((line) => line.msg === 'mail attempt failed; will retry')).toHaveLength(MAX_ATTEMPTS - 1);

    // A failed mail is never tried again, even if the server would now accept it.
    smtp.refuse = 0;
    app.clock.advance(30 * 24 * 60 * 60_000);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.attempts).toBe(MAX_ATTEMPTS);
    expect(smtp.accepted).toHaveLength(0);
  });

  it('does not retry a refusal of the message itself (552 5.2.3, too large): the mail is marked failed at once', async () => {
    const { app, smtp } = await start(Infinity);
    smtp.refuseCode = 552;
    smtp.refuseText = '5.2.3 Message size exceeds fixed maximum message size';
    const { response } = await signUp(app, 'de');
    expect(response.status).toBe(200);
    await app.outbox.runOnce();
    const row = await onlyRow(app);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    app.clock.advance(24 * 60 * 60_000);
    await app.outbox.runOnce();
    expect(smtp.attempts).toBe(1);
    expect(app.logs.filter((line) => line.msg === 'mail failed for good')).toHaveLength(1);
  });

  it('keeps the mails while the mail server refuses its sign-in (535), and sends them once SMTP_URL is mended', async () => {
    smtp = await startSmtpServer(0);
    smtp.refuseAuth = true;
    const withWrongPassword = smtp.url.replace('smtp://', 'smtp://site:wrong-password@');
    app = await startTestApp({}, { mailTransport: createSmtpTransport(withWrongPassword) });
    const { email } = await signUp(app, 'de');
    await app.outbox.runOnce();
    const row = await onlyRow(app);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(app.logs.filter((line) => line.msg === 'mail failed for good')).toHaveLength(0);
    expect(app.logs.some((line) => line.msg === 'mail attempt failed; will retry')).toBe(true);
    // Past the attempts a mail has (a weekend before anyone notices), it still waits: setup faults use none up.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      app.clock.advance(retryDelayMs(attempt));
      await app.outbox.runOnce();
    }
    expect(await onlyRow(app)).toMatchObject({ status: 'pending', attempts: MAX_ATTEMPTS + 1 });
    expect(app.logs.filter((line) => line.msg === 'mail failed for good')).toHaveLength(0);

    // The operator mends the password (here: the server takes it now); the retry delivers the mail.
    smtp.refuseAuth = false;
    app.clock.advance(retryDelayMs(MAX_ATTEMPTS + 1));
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.accepted.map((mail) => mail.rcptTo)).toEqual([[email]]);
  });

  it('gives up at once on a refused recipient (550 5.1.1), and logs no address', async () => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = userUnknown;
    const { email } = await signUp(app, 'de');
    await app.outbox.runOnce();
    expect((await onlyRow(app)).status).toBe('failed');
    const [failure] = failedForGood(app);
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure)).toContain('[address]');
    expect(JSON.stringify(app.logs)).not.toContain(email);
  });

  it('sends a due mail once when two runs start at the same time', async () => {
    const { app, smtp } = await start(0);
    expect((await signUp(app, 'de')).response.status).toBe(200);

    const results = await Promise.all([app.outbox.runOnce(), app.outbox.runOnce()]);
    await app.outbox.runOnce(); // lets a follow-up run (if one was queued) finish too
    expect(results.reduce((a, b) => Math.max(a, b), 0)).toBe(1);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.attempts).toBe(1);
    expect(await onlyRow(app)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends a due mail once when two worker processes share the database', async () => {
    const { app, smtp } = await start(0);
    expect((await signUp(app, 'de')).response.status).toBe(200);
    expect((await signUp(app, 'de')).response.status).toBe(200);

    const logger = createLogger('silent');
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({
        db: app.db,
        transport: createSmtpTransport(smtp.url),
        from: app.config.mailFrom,
        teamInbox: app.config.contactInbox,
        logger,
        clock: app.clock,
      }),
    );
    try {
      const sent = await Promise.all(workers.map((worker) => worker.runOnce()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(smtp.accepted).toHaveLength(2);
    expect(smtp.attempts).toBe(2);
    expect(new Set(smtp.accepted.map((mail) => mail.rcptTo[0])).size).toBe(2);
    expect((await outboxRows(app)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Priority and pooled sending (issue 22): thousands of contact mails queued first must not hold back
// a sign-up link, and sending several at once must not send any of them twice.

const MESSAGE = { subject: 'Betreff', text: 'Text', html: '<p>Text</p>' };

/** Queues one mail per address, each a millisecond after the one before (so "oldest first" is clear). */
async function queueMails(target: TestApp, kind: MailKind, addresses: string[]): Promise<void> {
  for (const address of addresses) {
    await enqueueMail(target.db, kind, address, MESSAGE, target.clock.now());
    target.clock.advance(1);
  }
}

/** How long a vi.waitFor may take (its default, 1 s, is wall-clock time a busy 2-core CI machine can use up). */
const WAIT_MS = 10_000;

const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@example.org`);

/**
 * A transport that holds every mail handed to it until the test lets it go, so a test can see how
 * many the worker sends at once without depending on how fast anything is.
 */
function heldTransport(concurrency: number) {
  const held: Array<() => void> = [];
  const delivered: string[] = [];
  let holding = true;
  const transport: MailTransport = {
    concurrency,
    send: (mail) =>
      new Promise<void>((resolve) => {
        held.push(() => {
          delivered.push(mail.to);
          resolve();
        });
        if (!holding) release();
      }),
    close: () => undefined,
  };
  const release = () => {
    for (const letGo of held.splice(0)) letGo();
  };
  /** Stops holding: what is held and whatever comes later goes through (so a failed test can end). */
  const open = () => {
    holding = false;
    release();
  };
  return { transport, held, delivered, release, open };
}

describe('account mail before bulk mail, several at once over pooled connections', () => {
  it('claims a verification mail queued after 50 contact and newsletter mails first, then by priority and age', async () => {
    app = await startTestApp();
    await queueMails(app, 'contact_receipt', addresses('receipt', 30));
    await queueMails(app, 'newsletter', addresses('reader', 20));
    await queueMails(app, 'newsletter_confirm', ['subscriber@example.org']);
    await queueMails(app, 'contact_inbox', ['inbox@example.org']);
    await queueMails(app, 'verify_email', ['signup@example.org']);

    const claimed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const mail = await claimDueMail(app.db, app.clock.now(), 60_000);
      claimed.push(mail?.to ?? 'none');
    }
    // Account mail, then the newsletter confirmation, then bulk mail oldest first.
    expect(claimed).toEqual(['signup@example.org', 'subscriber@example.org', 'receipt1@example.org', 'receipt2@example.org']);
    const rows = await app.db.selectFrom('outbox').select(['kind', 'priority']).distinct().orderBy('priority').orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'verify_email', priority: 0 },
      { kind: 'newsletter_confirm', priority: 1 },
      { kind: 'contact_inbox', priority: 2 },
      { kind: 'contact_receipt', priority: 2 },
      { kind: 'newsletter', priority: 2 },
    ]);
  });

  // SQLite's plan only: PostgreSQL plans by its statistics, and a sequential scan of a few rows is right there.
  it.skipIf(onPostgres)(
    'finds the mails to claim in the claim index alone: no mail is read and nothing is sorted, however many wait',
    async () => {
      app = await startTestApp();
      await queueMails(app, 'donation_thanks', addresses('donor', 40));
      for (const filter of [{}, { exceptKinds: ['newsletter'] }, { kind: 'newsletter' }]) {
        const query = dueMailCandidates(app.db, app.clock.now().toISOString(), filter).compile();
        const plan = await app.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        // Before migration 0021: "SEARCH outbox USING INDEX outbox_due (…)" and "USE TEMP B-TREE FOR ORDER BY".
        const steps = plan.rows.map((row) => row.detail);
        expect(steps).toHaveLength(1);
        expect(steps[0]).toMatch(/USING COVERING INDEX outbox_claim\b/);
      }
    },
  );

  it('hands the verification mail to the mail server in the first batch, delivers all 51 once over the pool, and closes it on stop', async () => {
    const handedOver: string[] = [];
    const started = await start(0, (transport) => ({
      ...transport,
      send: (mail) => {
        handedOver.push(mail.to);
        return transport.send(mail);
      },
    }));
    const bulk = addresses('receipt', 50);
    await queueMails(started.app, 'contact_receipt', bulk);
    const { response, email } = await signUp(started.app, 'de');
    expect(response.status).toBe(200);

    expect(await started.app.outbox.runOnce()).toBe(51);
    // The worker sends SMTP_MAX_CONNECTIONS mails at once; the sign-up link is among the first of them.
    expect(handedOver.slice(0, SMTP_MAX_CONNECTIONS)).toContain(email);
    expect(handedOver).toHaveLength(51);

    // Every mail arrived exactly once, over the pool's few connections rather than one per mail.
    expect(started.smtp.attempts).toBe(51);
    expect(started.smtp.accepted.map((mail) => mail.rcptTo[0]).sort()).toEqual([...bulk, email].sort());
    expect(started.smtp.connections).toBeGreaterThanOrEqual(1);
    expect(started.smtp.connections).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
    expect((await outboxRows(started.app)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);

    // Stopping the server closes the pooled connections (they are not left for the mail server to time out).
    await started.app.close();
    app = undefined;
    await vi.waitFor(() => expect(started.smtp.openConnections).toBe(0), { timeout: WAIT_MS });
  });

  it('sends as many mails at once as the transport takes, each exactly once', async () => {
    const gate = heldTransport(3);
    app = await startTestApp({}, { mailTransport: gate.transport });
    const queued = addresses('receipt', 6);
    await queueMails(app, 'contact_receipt', queued);

    const run = app.outbox.runOnce();
    try {
      // Three mails are with the transport at the same time, before any of them is done ...
      await vi.waitFor(() => expect(gate.held).toHaveLength(3), { timeout: WAIT_MS });
      gate.release();
      // ... then the other three.
      await vi.waitFor(() => expect(gate.held).toHaveLength(3), { timeout: WAIT_MS });
    } finally {
      gate.open();
    }
    expect(await run).toBe(6);
    expect(gate.delivered.sort()).toEqual([...queued].sort());
    expect(await app.outbox.runOnce()).toBe(0);
    expect((await outboxRows(app)).map((row) => [row.status, row.attempts])).toEqual(queued.map(() => ['sent', 1]));
  });

  it('delivers 30 mails exactly once when three workers, each sending several at once, share the database', async () => {
    const { app, smtp } = await start(0);
    const queued = addresses('receipt', 30);
    await queueMails(app, 'contact_receipt', queued);

    const logger = createLogger('silent');
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({
        db: app.db,
        transport: createSmtpTransport(smtp.url),
        from: app.config.mailFrom,
        teamInbox: app.config.contactInbox,
        logger,
        clock: app.clock,
      }),
    );
    try {
      const sent = await Promise.all(workers.map((worker) => worker.runOnce()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(smtp.attempts).toBe(30);
    expect(smtp.accepted.map((mail) => mail.rcptTo[0]).sort()).toEqual([...queued].sort());
    expect((await outboxRows(app)).map((row) => [row.status, row.attempts])).toEqual(queued.map(() => ['sent', 1]));
  });
});

describe("mails in the recipient's language", () => {
  it.each(['en', 'fr'])('writes the verification mail in %s when the visitor signed up in that language', async (locale) => {
    const { app, smtp } = await start(0);
    const { response, email } = await signUp(app, locale);
    expect(response.status).toBe(200);
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.accepted).toHaveLength(1);
    const mail = parseMail((smtp.accepted[0] as ReceivedMail).raw);
    expect(mail.to).toContain(email);

    const subject = catalogEntry(locale, SUBJECT_DE);
    const greeting = catalogEntry(locale, GREETING_DE);
    expect(subject, `locales/${locale}/messages.po has no translation for "${SUBJECT_DE}"`).not.toBe('');
    expect(greeting, `locales/${locale}/messages.po has no translation for "${GREETING_DE}"`).not.toBe('');
    expect(subject).not.toBe(SUBJECT_DE);
    expect(subject).toMatch(locale === 'en' ? /confirm/i : /confirmer/i);

    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(`${greeting}\n`);
    expect(mail.text).not.toContain('Grace');
    expect(mail.text).not.toContain('Viele Grüße');
    expect(mail.text).toContain(`${app.url}/auth/verify?token=`);
    expect(mail.html).toContain(`lang="${locale}"`);
  });

  it('reads the catalogs correctly (the German source is its own translation)', () => {
    expect(catalogEntry('de', SUBJECT_DE)).toBe(SUBJECT_DE);
    expect(catalogEntry('en', 'Seite nicht gefunden')).toBe('Page not found');
  });
});

describe('the headers on the wire', () => {
  it('marks every mail auto-generated (RFC 3834), sends replies to a buyer’s mail to the team, and keeps a newsletter’s List-Unsubscribe', async () => {
    const { app, smtp } = await start(0);
    const now = app.clock.now();
    const message = { subject: 'Betreff', text: 'Text', html: '<p>Text</p>' };
    await enqueueMail(app.db, 'order_cancelled', 'buyer@example.org', message, now);
    await enqueueMail(app.db, 'verify_email', 'new@example.org', message, now);
    await enqueueMail(app.db, 'email_change_notice', 'old@example.org', message, now);
    await enqueueMail(app.db, 'newsletter', 'reader@example.org', message, now, {
      'List-Unsubscribe': '<https://schoolbox.example/newsletter/one-click?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    while ((await app.outbox.runOnce()) > 0) {
      // until every mail is out
    }
    const headersTo = (to: string) => {
      const mail = smtp.accepted.find((received) => received.rcptTo[0] === to) as ReceivedMail;
      return splitHeadersAndBody(mail.raw).headers;
    };
    for (const to of ['buyer@example.org', 'new@example.org', 'reader@example.org']) {
      expect(headersTo(to).get('auto-submitted'), to).toBe('auto-generated');
      expect(headersTo(to).get('x-auto-response-suppress'), to).toBe('OOF, AutoReply');
    }
    // "Bei Fragen antworten Sie einfach auf diese E-Mail": the answer reaches CONTACT_INBOX, not MAIL_FROM.
    expect(headersTo('buyer@example.org').get('reply-to')).toBe(app.config.contactInbox);
    expect(headersTo('new@example.org').get('reply-to')).toBeUndefined();
    // "If this was not you …": a worried reply to the notice at the old address reaches a person.
    expect(headersTo('old@example.org').get('reply-to')).toBe(app.config.contactInbox);
    expect(headersTo('reader@example.org').get('reply-to')).toBeUndefined();
    expect(headersTo('reader@example.org').get('list-unsubscribe')).toBe('<https://schoolbox.example/newsletter/one-click?token=abc>');
    expect(headersTo('reader@example.org').get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });
});

// ---------------------------------------------------------------------------------------------
// A refusal of the mail, or of the site (RFC 3463): the QA run where the SMTP server answered
// "554 5.7.1 <addr>: Relay access denied" after accepting 10 mails lost 50 of a newsletter's 60 for good.

const relayDenied = (address: string): Refusal => ({ code: 554, text: `5.7.1 <${address}>: Relay access denied` });
const userUnknown = (address: string): Refusal => ({ code: 550, text: `5.1.1 <${address}>: Recipient address rejected: User unknown` });

const failedForGood = (target: TestApp) => target.logs.filter((line) => line.msg === 'mail failed for good');
const pausedErrors = (target: TestApp) =>
  target.logs.filter((line) => line.level === 'error' && String(line.msg).includes('sending paused'));
async function rowsByStatus(target: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await outboxRows(target)) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

async function healthOf(target: TestApp): Promise<{ status: string; checks: { mail: string } }> {
  // Past the 5 s for which /healthz reuses its checks.
  target.clock.advance(6000);
  return (await target.request('/healthz')).json() as Promise<{ status: string; checks: { mail: string } }>;
}

/** Runs the worker again and again, a second of the app's clock apart (newsletter mail is paced), for `seconds`. */
async function runFor(target: TestApp, seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second++) {
    await target.outbox.runOnce();
    target.clock.advance(1000);
  }
}

describe('a refusal of this mail or of the site (enhanced status codes)', () => {
  it.each([
    ['550 5.1.1 (no such user)', userUnknown('buyer@example.org')],
    ['550 5.1.2 (no such domain)', { code: 550, text: '5.1.2 <buyer@example.org>: Recipient address rejected: Domain not found' }],
    ['553 5.1.3 (bad address syntax)', { code: 553, text: '5.1.3 Bad recipient address syntax' }],
    ['556 5.1.10 (null MX)', { code: 556, text: '5.1.10 <buyer@example.org>: Domain does not accept mail (null MX)' }],
    ['550 5.2.1 (mailbox disabled)', { code: 550, text: '5.2.1 <buyer@example.org>: Mailbox disabled, not accepting messages' }],
  ])('gives up at once on %s to RCPT TO: that is the address, no retry mends it', async (_name, refusal) => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = () => refusal;
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    expect(await app.outbox.runOnce()).toBe(0);
    expect(await onlyRow(app)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedForGood(app)).toHaveLength(1);
    expect(await readSendingPause(app.db)).toBeNull();
  });

  it.each([
    ['554 5.7.1 (relay access denied)', relayDenied('buyer@example.org')],
    ['550 5.7.1 (the provider blocked the account)', { code: 550, text: '5.7.1 Sending from this account is blocked' }],
    ['530 5.7.0 (authentication required)', { code: 530, text: '5.7.0 Authentication required' }],
    ['550 5.4.6 (sending quota exceeded)', { code: 550, text: '5.4.6 Daily sending quota exceeded' }],
    ['554 5.3.4 (message too big for the system)', { code: 554, text: '5.3.4 Message too big for system' }],
    ['501 5.5.4 (bad parameters)', { code: 501, text: '5.5.4 Invalid parameters' }],
    ['552 5.2.2 (mailbox full, a persistent transient failure)', { code: 552, text: '5.2.2 <buyer@example.org>: Mailbox full' }],
    ['554 without an enhanced code', { code: 554, text: 'Transaction failed' }],
  ])('keeps the mail on %s to RCPT TO, retries it after the delay and delivers it once the server takes it', async (_name, refusal) => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = () => refusal;
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    expect(await app.outbox.runOnce()).toBe(0);
    const row = await onlyRow(app);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain(refusal.text.replace('buyer@example.org', '[address]'));
    expect(failedForGood(app)).toHaveLength(0);

    smtp.recipientRefusal = null;
    app.clock.advance(retryDelayMs(1));
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.accepted.map((mail) => mail.rcptTo)).toEqual([['buyer@example.org']]);
    expect(await onlyRow(app)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps a message refused with 554 5.7.1 at DATA (a policy of the server) for a retry', async () => {
    const { app, smtp } = await start(1);
    smtp.refuseCode = 554;
    smtp.refuseText = '5.7.1 Message rejected: sending paused for this account';
    await queueMails(app, 'team_notice', ['team@schoolbox.example']);
    await app.outbox.runOnce();
    expect(await onlyRow(app)).toMatchObject({ status: 'pending', attempts: 1 });
    app.clock.advance(retryDelayMs(1));
    expect(await app.outbox.runOnce()).toBe(1);
    expect(await onlyRow(app)).toMatchObject({ status: 'sent' });
  });

  it(`gives up on a policy refusal of one mail alone (no other recipient refused alike) after ${MAX_ATTEMPTS} attempts`, async () => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = relayDenied;
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await app.outbox.runOnce();
      app.clock.advance(retryDelayMs(attempt));
    }
    expect(await onlyRow(app)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(failedForGood(app)).toEqual([expect.objectContaining({ refusal: 'RCPT TO 5.7.1' })]);
    expect(await readSendingPause(app.db)).toBeNull();
  });

  it('does not pause for bad addresses in a row: they are the recipients’ own, and the next mail goes', async () => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = (address) => (address.startsWith('bad') ? userUnknown(address) : null);
    await queueMails(app, 'contact_receipt', [...addresses('bad', 5), 'good@example.org']);
    expect(await app.outbox.runOnce()).toBe(1);
    expect(await rowsByStatus(app)).toEqual({ failed: 5, sent: 1 });
    expect(await readSendingPause(app.db)).toBeNull();
  });
});

describe('a refusal at MAIL FROM: the site’s sender, this message, or a passing moment', () => {
  it('gives up at once on a message too large (552 5.3.4), gives the server’s reason, and does not pause the mails after it', async () => {
    const { app, smtp } = await start(0);
    // Three mails refused for their size, one in a row after the other (as a newsletter's would be), then one that fits.
    smtp.senderRefusal = () =>
      smtp.senders <= REFUSALS_BEFORE_PAUSE ? { code: 552, text: '5.3.4 Message size exceeds fixed limit' } : null;
    await queueMails(app, 'order_confirmation', addresses('buyer', REFUSALS_BEFORE_PAUSE + 1));
    expect(await app.outbox.runOnce()).toBe(1);
    expect(await rowsByStatus(app)).toEqual({ failed: REFUSALS_BEFORE_PAUSE, sent: 1 });
    expect(failedForGood(app)).toHaveLength(REFUSALS_BEFORE_PAUSE);
    expect(failedForGood(app)[0]).toMatchObject({ refusal: 'MAIL FROM 5.3.4' });
    expect(await readSendingPause(app.db)).toBeNull();
    expect(pausedErrors(app)).toHaveLength(0);
    // What the operator reads for each of them (mail:failed).
    expect(new Set((await listFailedMails(app.db)).map((mail) => mail.reason))).toEqual(
      new Set(['552 5.3.4 Message size exceeds fixed limit']),
    );
  });

  it(`tries a mail refused for the moment (451 4.3.0) again, and gives up after ${MAX_ATTEMPTS} attempts like any temporary refusal`, async () => {
    const { app, smtp } = await start(0);
    smtp.senderRefusal = () => ({ code: 451, text: '4.3.0 Temporary local problem, try again later' });
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await app.outbox.runOnce()).toBe(0);
      if (attempt < MAX_ATTEMPTS) expect(await onlyRow(app)).toMatchObject({ status: 'pending', attempts: attempt });
      app.clock.advance(retryDelayMs(attempt));
    }
    expect(smtp.senders).toBe(MAX_ATTEMPTS);
    expect(await onlyRow(app)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(failedForGood(app)).toEqual([expect.objectContaining({ refusal: 'MAIL FROM 4.3.0' })]);
    expect(await readSendingPause(app.db)).toBeNull();
  });

  it('keeps the mail past its attempts while the server refuses the sender (553 5.1.8), and sends it once MAIL_FROM is mended', async () => {
    const { app, smtp } = await start(0);
    smtp.senderRefusal = () => ({ code: 553, text: '5.1.8 <site@schoolbox.example>: Sender address rejected: Domain not found' });
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      await app.outbox.runOnce();
      app.clock.advance(retryDelayMs(attempt));
    }
    expect(await onlyRow(app)).toMatchObject({ status: 'pending', attempts: MAX_ATTEMPTS + 1 });
    expect(failedForGood(app)).toHaveLength(0);

    smtp.senderRefusal = null;
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.accepted.map((mail) => mail.rcptTo)).toEqual([['buyer@example.org']]);
  });
});

describe('the circuit breaker: refused alike for several recipients in a row, the worker pauses', () => {
  it('stops a newsletter after a few refusals instead of failing the rest, says so once, and sends everything once the server takes mail again', async () => {
    const { app, smtp } = await start(0);
    // The QA run: the server takes 10 mails, then refuses every recipient.
    smtp.recipientRefusal = (address) => (smtp.recipients > 10 ? relayDenied(address) : null);
    const readers = addresses('reader', 20);
    await queueMails(app, 'newsletter', readers);

    await runFor(app, 40);
    // Ten went out; three more were refused, then the worker stopped asking: nothing failed for good.
    expect(smtp.accepted).toHaveLength(10);
    expect(smtp.recipients).toBe(10 + REFUSALS_BEFORE_PAUSE);
    expect(await rowsByStatus(app)).toEqual({ sent: 10, pending: 10 });
    expect(failedForGood(app)).toHaveLength(0);
    const untouched = (await outboxRows(app)).filter((row) => row.status === 'pending' && row.attempts === 0);
    expect(untouched).toHaveLength(10 - REFUSALS_BEFORE_PAUSE);

    // One error, naming the likely cause; /healthz says the mail is failing.
    expect(pausedErrors(app)).toEqual([expect.objectContaining({ refusal: 'RCPT TO 5.7.1' })]);
    expect(String(pausedErrors(app)[0]?.msg)).toMatch(/SMTP_URL.*MAIL_FROM/);
    expect(JSON.stringify(app.logs)).not.toContain('reader11@example.org');
    const pause = await readSendingPause(app.db);
    expect(pause).toMatchObject({ trips: 1, refusal: 'RCPT TO 5.7.1' });
    expect(await healthOf(app)).toMatchObject({ status: 'degraded', checks: { mail: 'failing' } });

    // After the pause one mail tries; refused alike, a longer pause follows (and no second error).
    app.clock.set(new Date(pause?.until ?? ''));
    await app.outbox.runOnce();
    expect(smtp.recipients).toBe(10 + REFUSALS_BEFORE_PAUSE + 1);
    const second = await readSendingPause(app.db);
    expect(second).toMatchObject({ trips: 2, since: pause?.since });
    expect(new Date(second?.until ?? '').getTime() - app.clock.now().getTime()).toBe(retryDelayMs(2));
    await runFor(app, 30);
    expect(smtp.recipients).toBe(10 + REFUSALS_BEFORE_PAUSE + 1);
    expect(pausedErrors(app)).toHaveLength(1);
    expect(app.logs.filter((line) => line.msg === 'mail server still refuses mail; sending stays paused')).toHaveLength(1);

    // The operator mends SMTP_URL: after the pause the next mail goes, and with it all the others, each once.
    smtp.recipientRefusal = null;
    app.clock.set(new Date(second?.until ?? ''));
    await runFor(app, 120);
    expect(await rowsByStatus(app)).toEqual({ sent: 20 });
    expect(smtp.accepted.map((mail) => mail.rcptTo[0]).sort()).toEqual([...readers].sort());
    expect(await readSendingPause(app.db)).toBeNull();
    expect(app.logs).toContainEqual(expect.objectContaining({ msg: 'mail server takes mail again; sending resumed' }));
    expect(failedForGood(app)).toHaveLength(0);
    expect(await healthOf(app)).toMatchObject({ status: 'ok', checks: { mail: 'ok' } });
  });

  it('keeps an order confirmation and a team notice past their attempts while the server refuses alike: none fails', async () => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = relayDenied;
    await queueMails(app, 'order_confirmation', addresses('buyer', 4));
    await queueMails(app, 'team_notice', ['team@schoolbox.example']);
    await app.outbox.runOnce();
    // Sent side by side over the pool: the refusals under way when the pause began are the only others.
    expect(smtp.recipients).toBeGreaterThanOrEqual(REFUSALS_BEFORE_PAUSE);
    expect(smtp.recipients).toBeLessThanOrEqual(REFUSALS_BEFORE_PAUSE + SMTP_MAX_CONNECTIONS - 1);
    expect(await rowsByStatus(app)).toEqual({ pending: 5 });

    // A weekend later every mail has used its attempts; the one tried after each pause is still kept.
    await app.db.updateTable('outbox').set({ attempts: MAX_ATTEMPTS, next_attempt_at: app.clock.now().toISOString() }).execute();
    const tried = smtp.recipients;
    app.clock.set(new Date((await readSendingPause(app.db))?.until ?? ''));
    await app.outbox.runOnce();
    expect(smtp.recipients).toBe(tried + 1);
    expect(await rowsByStatus(app)).toEqual({ pending: 5 });
    expect(failedForGood(app)).toHaveLength(0);
    expect((await outboxRows(app)).map((row) => row.attempts).sort()).toEqual([
      MAX_ATTEMPTS,
      MAX_ATTEMPTS,
      MAX_ATTEMPTS,
      MAX_ATTEMPTS,
      MAX_ATTEMPTS + 1,
    ]);

    smtp.recipientRefusal = null;
    app.clock.advance(2 * 60 * 60_000);
    while ((await app.outbox.runOnce()) > 0) {
      // until every mail is out
    }
    expect(await rowsByStatus(app)).toEqual({ sent: 5 });
  });

  it('tries one mail at once when a process starts during a pause (the operator mended the setting and restarted)', async () => {
    const { app, smtp } = await start(0);
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    const now = app.clock.now();
    await pauseSending(app.db, {
      since: now.toISOString(),
      until: new Date(now.getTime() + 60 * 60_000).toISOString(),
      trips: 7,
      refusal: 'RCPT TO 5.7.1',
    });
    expect(await app.outbox.runOnce()).toBe(0);
    expect(smtp.recipients).toBe(0);

    const worker = createOutboxWorker({
      db: app.db,
      transport: createSmtpTransport(smtp.url),
      from: app.config.mailFrom,
      teamInbox: app.config.contactInbox,
      logger: createLogger('silent'),
      clock: app.clock,
    });
    worker.start();
    try {
      await vi.waitFor(() => expect(smtp.accepted).toHaveLength(1), { timeout: WAIT_MS });
    } finally {
      await worker.stop();
    }
    expect(await readSendingPause(app.db)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Sending failed mails again: a newsletter's from its admin screen, a single mail from the CLI.

/** A confirmed subscriber straight in the database, as after confirming. */
async function addSubscriber(target: TestApp, email: string) {
  const token = randomToken();
  await target.db
    .insertInto('newsletter_subscribers')
    .values({
      id: newId(),
      email,
      locale: 'de',
      created_at: target.clock.now().toISOString(),
      confirmed_at: target.clock.now().toISOString(),
      token_hash: null,
      token_expires_at: null,
      unsubscribe_token: token,
    })
    .execute();
  return token;
}

describe('sending failed mails again', () => {
  it('re-queues a sent newsletter’s failed mails to addresses still on the list, with the reason shown and the counts following', async () => {
    const { app, smtp } = await start(0);
    const admin = await signedInUser(app, { admin: true });
    const as = { cookie: admin.cookie };
    for (const email of ['ada@example.org', 'grace@example.org', 'back@example.org']) await addSubscriber(app, email);
    const goneToken = await addSubscriber(app, 'gone@example.org');
    const created = await trpcMutation(app.url, 'newsletter.create', { subjectDe: 'Neues vom Projekt', bodyDe: 'Hallo!' }, as);
    const id = (created.body.result?.data as { id: string } | undefined)?.id ?? '';
    expect((await trpcMutation(app.url, 'newsletter.send', { id }, as)).status).toBe(200);
    await app.newsletterQueue.runOnce();

    // Two mailboxes do not exist yet: those mails fail for good.
    smtp.recipientRefusal = (address) => (address.startsWith('back') || address.startsWith('gone') ? userUnknown(address) : null);
    await runFor(app, 10);
    const progress = async () => (await trpcQuery(app.url, 'newsletter.progress', { id }, as)).body.result?.data;
    const failures = async () => (await trpcQuery(app.url, 'newsletter.failures', { id }, as)).body.result?.data;
    expect(await progress()).toEqual({ total: 4, queued: 0, sent: 2, failed: 2 });
    expect(await failures()).toEqual({
      reasons: [{ reason: '550 5.1.1 <[address]>: Recipient address rejected: User unknown', count: 2 }],
      resendable: 2,
    });

    // One of them leaves the list: they get nothing more.
    expect((await trpcMutation(app.url, 'newsletter.unsubscribe', { token: goneToken })).status).toBe(200);
    expect(await failures()).toMatchObject({ resendable: 1 });

    // The mailbox exists now; the admin sends the failed ones again.
    smtp.recipientRefusal = null;
    const resent = await trpcMutation(app.url, 'newsletter.resendFailed', { id }, as);
    expect(resent.status).toBe(200);
    expect(resent.body.result?.data).toEqual({ requeued: 1 });
    expect(await progress()).toEqual({ total: 4, queued: 1, sent: 2, failed: 1 });
    const audit = async () => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'newsletter.failed_resent').execute();
    expect(await audit()).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        object_type: 'newsletter',
        object_id: id,
        detail: JSON.stringify({ subject: 'Neues vom Projekt', count: 1 }),
      }),
    ]);
    // A second click queues nothing twice, and records nothing.
    expect((await trpcMutation(app.url, 'newsletter.resendFailed', { id }, as)).body.result?.data).toEqual({ requeued: 0 });
    expect(await audit()).toHaveLength(1);

    await runFor(app, 5);
    expect(await progress()).toEqual({ total: 4, queued: 0, sent: 3, failed: 1 });
    const toBack = smtp.accepted.filter((mail) => mail.rcptTo[0] === 'back@example.org');
    expect(toBack).toHaveLength(1);
    const { headers } = splitHeadersAndBody(toBack[0]?.raw ?? '');
    expect(decodeEncodedWords(headers.get('subject') ?? '')).toBe('Neues vom Projekt');
    expect(headers.get('list-unsubscribe')).toMatch(/^<https?:\/\/.+>$/);
    expect(smtp.accepted.some((mail) => mail.rcptTo[0] === 'gone@example.org')).toBe(false);

    // Not for a plain user.
    const member = await signedInUser(app);
    expect((await trpcMutation(app.url, 'newsletter.resendFailed', { id }, { cookie: member.cookie })).status).toBe(403);
  });

  it('lists a failed order confirmation for the operator and queues it again (mail:failed, mail:resend)', async () => {
    const { app, smtp } = await start(0);
    smtp.recipientRefusal = userUnknown;
    await queueMails(app, 'order_confirmation', ['buyer@example.org']);
    await queueMails(app, 'newsletter', ['reader@example.org']);
    await runFor(app, 2);
    expect(await rowsByStatus(app)).toEqual({ failed: 2 });

    const failed = await listFailedMails(app.db);
    expect(failed).toEqual([
      expect.objectContaining({
        kind: 'order_confirmation',
        to: 'buyer@example.org',
        attempts: 1,
        reason: '550 5.1.1 <[address]>: Recipient address rejected: User unknown',
      }),
    ]);
    const mail = failed[0];
    const newsletterMail = (await outboxRows(app)).find((row) => row.kind === 'newsletter');
    // A newsletter's mail goes again only from its screen (which leaves out addresses no longer subscribed).
    expect(await resendFailedMail(app.db, newsletterMail?.id ?? '', CLI_ACTOR, app.clock.now())).toBe(false);

    smtp.recipientRefusal = null;
    expect(await resendFailedMail(app.db, mail?.id ?? '', CLI_ACTOR, app.clock.now())).toBe(true);
    expect(await resendFailedMail(app.db, mail?.id ?? '', CLI_ACTOR, app.clock.now())).toBe(false);
    expect(await app.outbox.runOnce()).toBe(1);
    expect(smtp.accepted.map((received) => received.rcptTo)).toEqual([['buyer@example.org']]);
    expect(await app.db.selectFrom('audit_log').select(['action', 'actor_email', 'object_id']).execute()).toEqual([
      { action: 'mail.resent', actor_email: 'cli', object_id: mail?.id },
    ]);
  });
});
