/**
 * The mail outbox against a real SMTP server running in this process (smtp-server), through the app's
 * real SMTP transport (nodemailer): a refusing server delays a mail but never loses it, never sends it
 * twice and never breaks the visitor's request; after the last attempt the mail is given up and logged.
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
import { claimDueMail, dueMailCandidates, enqueueMail } from '@server/mail/outbox';
import { createSmtpTransport, type MailTransport } from '@server/mail/transport';
import { createOutboxWorker, MAX_ATTEMPTS, retryDelayMs } from '@server/mail/worker';
import { tokenFromMail } from '../support/accounts';
import { catalogEntry } from '../support/catalog';
import { decodeEncodedWords, decodeQuotedPrintable, splitHeadersAndBody } from '../support/mime';
import { trpcMutation } from '../support/http';
import { onPostgres } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

// ---------------------------------------------------------------------------------------------
// A real SMTP server that refuses the first `refuse` messages with a temporary error (451).

type ReceivedMail = { raw: string; from: string; rcptTo: string[] };
type FakeSmtp = {
  url: string;
  /** How many messages reached the DATA stage (accepted or refused). */
  attempts: number;
  /** How many SMTP connections were opened, and how many are open now. */
  connections: number;
  openConnections: number;
  /** How many of the next messages to refuse; set to Infinity to refuse everything. */
  refuse: number;
  /** The SMTP reply code of a refusal: 451 is temporary, 550 permanent. */
  refuseCode: number;
  /** Answer 535 to every sign-in (a wrong password in SMTP_URL). */
  refuseAuth: boolean;
  /** Answer "550 <address>: User unknown" to every recipient. */
  refuseRecipients: boolean;
  accepted: ReceivedMail[];
  close(): Promise<void>;
};

async function startSmtpServer(refuse: number): Promise<FakeSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (smtp.refuseAuth) callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      else callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (smtp.refuseRecipients) callback(Object.assign(new Error(`<${address.address}>: User unknown`), { responseCode: 550 }));
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
          callback(Object.assign(new Error('Mailbox busy'), { responseCode: smtp.refuseCode }));
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
    refuseAuth: false,
    refuseRecipients: false,
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

  it('does not retry a permanent refusal (5xx): the mail is marked failed at once', async () => {
    const { app, smtp } = await start(Infinity);
    smtp.refuseCode = 550;
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

  it('gives up at once on a refused recipient (550), and logs no address', async () => {
    const { app, smtp } = await start(0);
    smtp.refuseRecipients = true;
    const { email } = await signUp(app, 'de');
    await app.outbox.runOnce();
    expect((await onlyRow(app)).status).toBe('failed');
    const failure = app.logs.find((line) => line.msg === 'mail failed for good');
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
      createOutboxWorker({ db: app.db, transport: createSmtpTransport(smtp.url), from: app.config.mailFrom, logger, clock: app.clock }),
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
      createOutboxWorker({ db: app.db, transport: createSmtpTransport(smtp.url), from: app.config.mailFrom, logger, clock: app.clock }),
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
