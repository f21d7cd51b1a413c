/**
 * Sending newsletters (issue 12) over real HTTP: only confirmed subscribers get one mail each, in their
 * language; "send" only starts it and the queue worker queues the mails, finishing a send a crash cut
 * short (issue 22) and never queueing anything twice, even with two workers at once; the mail worker
 * paces newsletter mail while other mail goes at once; every mail can unsubscribe (page and RFC 8058
 * one-click); admins only.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomToken } from '@server/auth/random-token';
import type { OutboxRow, UserRow } from '@server/db/schema';
import { createLogger } from '@server/lib/logger';
import { enqueueMail, mailHeaders } from '@server/mail/outbox';
import type { OutgoingMail } from '@server/mail/transport';
import { createOutboxWorker } from '@server/mail/worker';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '@server/newsletter/links';
import { oneClickUnsubscribeHandler } from '@server/newsletter/one-click';
import { createNewsletterQueueWorker } from '@server/newsletter/queue-worker';
import { newId } from '@server/lib/ids';
import { startRuntime } from '@server/runtime';
import { createUser, signIn, tokenFromMail } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: { user: UserRow; cookie: string };

beforeEach(async () => {
  app = await startTestApp();
  const { user, email, password } = await createUser(app, { admin: true, firstName: 'Grace', lastName: 'Hopper' });
  admin = { user, cookie: await signIn(app, email, password) };
});
afterEach(() => app.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const CONTENT = {
  subjectDe: 'Neues aus dem Pilotprojekt',
  bodyDe: 'Liebe Freundinnen und Freunde,\n\ndie erste SchoolBox steht. Bilder: https://schoolbox.example/blog/pilot.\nDanke!',
  subjectEn: 'News from the pilot',
  bodyEn: 'Dear friends,\n\nthe first SchoolBox is up. Pictures: https://schoolbox.example/blog/pilot.',
  // No French version (every French field empty): French subscribers get the German newsletter.
  subjectFr: '',
  bodyFr: '',
};

/** Calls as the admin unless another cookie (or null: signed out) is given. */
const mutate = (path: string, input: unknown, cookie: string | null = admin.cookie) =>
  trpcMutation(app.url, path, input, { cookie: cookie ?? undefined });
const query = (path: string, input?: unknown, cookie: string | null = admin.cookie) =>
  trpcQuery(app.url, path, input, { cookie: cookie ?? undefined });

/** A subscriber straight in the database: confirmed ones have their unsubscribe token, as after confirming. */
async function addSubscriber(email: string, locale: string, confirmed = true) {
  const id = newId();
  await app.db
    .insertInto('newsletter_subscribers')
    .values({
      id,
      email,
      locale,
      created_at: app.clock.now().toISOString(),
      confirmed_at: confirmed ? app.clock.now().toISOString() : null,
      token_hash: confirmed ? null : `hash-${id}`,
      token_expires_at: confirmed ? null : new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
      unsubscribe_token: confirmed ? randomToken() : null,
    })
    .execute();
  return id;
}

async function createNewsletter(content: Record<string, string> = CONTENT): Promise<string> {
  const created = await mutate('newsletter.create', content);
  expect(created.status).toBe(200);
  return (created.body.result!.data as { id: string }).id;
}

/** "Send" as the admin, then one run of the queue worker (tests drive it; nothing polls); resolves with how many it queued. */
async function sendAndQueue(id: string): Promise<number> {
  const sent = await mutate('newsletter.send', { id });
  expect(sent.status).toBe(200);
  return app.newsletterQueue.runOnce();
}

/** A queue worker of its own, as another process would run it. */
const queueWorker = (options: { batchSize?: number; afterBatch?: () => void } = {}) =>
  createNewsletterQueueWorker({
    db: app.db,
    clock: app.clock,
    logger: createLogger('silent'),
    publicUrl: app.url,
    orgName: 'SchoolBox e. V.',
    outbox: { kick: () => undefined },
    ...options,
  });

const statusOf = async (id: string) =>
  (await app.db.selectFrom('newsletters').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const newsletterRows = (): Promise<OutboxRow[]> =>
  app.db.selectFrom('outbox').selectAll().where('kind', '=', 'newsletter').orderBy('to').execute();
const subscriberEmails = async () =>
  (await app.db.selectFrom('newsletter_subscribers').select('email').orderBy('email').execute()).map((r) => r.email);

type Progress = { total: number; queued: number; sent: number; failed: number };
async function progressOf(id: string): Promise<Progress> {
  const { status, body } = await query('newsletter.progress', { id });
  expect(status).toBe(200);
  return body.result?.data as Progress;
}

/** Lets the app's worker send everything queued, moving the clock on so the pacing lets each mail go. */
async function deliverAll(): Promise<void> {
  for (let step = 0; step < 500; step++) {
    await app.outbox.runOnce();
    const pending = await app.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
    if (pending.length === 0) return;
    app.clock.advance(1000);
  }
  throw new Error('the outbox did not drain');
}

// ---------------------------------------------------------------------------------------------

describe('newsletter.send', () => {
  it('queues one mail per confirmed subscriber, each in their language, with German for an empty translation', async () => {
    await addSubscriber('de@example.org', 'de');
    await addSubscriber('en@example.org', 'en');
    await addSubscriber('fr@example.org', 'fr');
    await addSubscriber('pending@example.org', 'en', false);
    const id = await createNewsletter();

    // "Send" starts it: the newsletter is 'sending' and the queue worker queues the mails.
    const sent = await mutate('newsletter.send', { id });
    expect(sent.status).toBe(200);
    expect(sent.body.result?.data).toEqual({ newsletter: expect.objectContaining({ id, status: 'sending', sentAt: null }) });
    expect(await newsletterRows()).toEqual([]);
    expect(await app.newsletterQueue.runOnce()).toBe(3);
    expect((await query('newsletter.get', { id })).body.result?.data).toMatchObject({
      status: 'sent',
      progress: { total: 3, queued: 3, sent: 0, failed: 0 },
    });

    const rows = await newsletterRows();
    expect(rows.map((row) => [row.to, row.subject])).toEqual([
      ['de@example.org', 'Neues aus dem Pilotprojekt'],
      ['en@example.org', 'News from the pilot'],
      ['fr@example.org', 'Neues aus dem Pilotprojekt'],
    ]);
    const [de, en, fr] = rows as [OutboxRow, OutboxRow, OutboxRow];
    expect(de.html).toContain('<html lang="de">');
    expect(en.html).toContain('<html lang="en">');
    expect(fr.html).toContain('<html lang="de">');
    expect(en.text).toContain('the first SchoolBox is up.');
    expect(en.text).not.toContain('Liebe Freundinnen');
    // Paragraphs, line breaks and links of the plain-text body in the site's mail layout.
    expect(de.html).toContain('<p style="margin:0 0 16px">Liebe Freundinnen und Freunde,</p>');
    expect(de.html).toContain(
      'Bilder: <a href="https://schoolbox.example/blog/pilot" style="color:#c2410c;word-break:break-all">https://schoolbox.example/blog/pilot</a>.<br>Danke!',
    );
    expect(de.text).toContain('die erste SchoolBox steht. Bilder: https://schoolbox.example/blog/pilot.\nDanke!');

    // Each mail has its own unsubscribe link, in text and HTML, and the RFC 8058 headers.
    const tokens = new Set<string>();
    for (const [row, locale] of [
      [de, 'de'],
      [en, 'en'],
      [fr, 'fr'],
    ] as const) {
      const token = tokenFromMail(row.text, '/newsletter/unsubscribe');
      tokens.add(token);
      // Every mail's links name its language, German too (an address without ?lang= follows the browser).
      const page = `${app.url}/newsletter/unsubscribe?token=${token}&lang=${locale}`;
      expect(row.text).toContain(page);
      expect(row.html).toContain(`href="${page.replace(/&/g, '&amp;')}"`);
      const stored = await app.db
        .selectFrom('newsletter_subscribers')
        .select('unsubscribe_token')
        .where('email', '=', row.to)
        .executeTakeFirstOrThrow();
      expect(stored.unsubscribe_token).toBe(token);
      expect(mailHeaders(row)).toEqual({
        'List-Unsubscribe': `<${app.url}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}&lang=${locale}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
    expect(tokens.size).toBe(3);

    // The worker hands them to the mail server with those headers; progress follows the outbox.
    await deliverAll();
    const delivered = app.sentMails.filter((mail) => mail.headers?.['List-Unsubscribe-Post']);
    expect(delivered.map((mail) => mail.to).sort()).toEqual(['de@example.org', 'en@example.org', 'fr@example.org']);
    expect(await progressOf(id)).toEqual({ total: 3, queued: 0, sent: 3, failed: 0 });
  });

  it('queues nothing new when sent again, one after the other or both at once', async () => {
    for (let i = 0; i < 7; i++) await addSubscriber(`reader${i}@example.org`, 'de');
    const id = await createNewsletter();

    const [first, second] = await Promise.all([mutate('newsletter.send', { id }), mutate('newsletter.send', { id })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await app.newsletterQueue.runOnce()).toBe(7);

    const again = await mutate('newsletter.send', { id });
    expect(again.body.result?.data).toMatchObject({ newsletter: { status: 'sent' } });
    expect(await app.newsletterQueue.runOnce()).toBe(0);
    const rows = await newsletterRows();
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((row) => row.to)).size).toBe(7);
    expect(await app.db.selectFrom('newsletter_deliveries').select('outbox_id').execute()).toHaveLength(7);

    // A subscriber who confirms after the newsletter went out does not get it by a later click.
    await addSubscriber('late@example.org', 'de');
    expect(await sendAndQueue(id)).toBe(0);
  });

  it('finishes a send that died between batches: every confirmed subscriber gets exactly one mail', async () => {
    for (let i = 0; i < 5; i++) await addSubscriber(`reader${i}@example.org`, i % 2 ? 'en' : 'de');
    const id = await createNewsletter();
    expect((await mutate('newsletter.send', { id })).status).toBe(200);

    // A process killed after its first batch of two (the hook throws where the kill would land).
    const killed = queueWorker({
      batchSize: 2,
      afterBatch: () => {
        throw new Error('process killed');
      },
    });
    expect(await killed.runOnce()).toBe(0);
    expect(await newsletterRows()).toHaveLength(2);
    expect((await query('newsletter.get', { id })).body.result?.data).toMatchObject({
      status: 'sending',
      progress: { total: 2, queued: 2 },
    });
    // The mail worker may already send the first batch's mails meanwhile.
    await deliverAll();

    // The next process's worker finishes it, with nobody pressing "send" again.
    expect(await queueWorker({ batchSize: 2 }).runOnce()).toBe(3);
    expect(await statusOf(id)).toBe('sent');
    const rows = await newsletterRows();
    expect(rows.map((row) => row.to)).toEqual([0, 1, 2, 3, 4].map((i) => `reader${i}@example.org`));
    expect(await app.newsletterQueue.runOnce()).toBe(0);

    await deliverAll();
    const delivered = app.sentMails.filter((mail) => mail.headers?.['List-Unsubscribe']).map((mail) => mail.to);
    expect(delivered.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `reader${i}@example.org`));
    expect(await progressOf(id)).toEqual({ total: 5, queued: 0, sent: 5, failed: 0 });
  });

  it('finishes a newsletter left “sending” as soon as the next process starts', async () => {
    for (let i = 0; i < 4; i++) await addSubscriber(`reader${i}@example.org`, 'de');
    const id = await createNewsletter();
    // What a process killed right after "send" leaves behind: 'sending', not one mail queued.
    await app.db
      .updateTable('newsletters')
      .set({ status: 'sending', sent_by: admin.user.id, send_started_at: app.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();

    // The next process starts on the same database, with its background workers as in production.
    const next = await startRuntime(app.config, createLogger('silent'), app.clock, {
      mailTransport: { send: async () => undefined, close: () => undefined },
    });
    await next.close(); // waits for the run its start began

    expect((await newsletterRows()).map((row) => row.to)).toEqual([0, 1, 2, 3].map((i) => `reader${i}@example.org`));
    expect(await statusOf(id)).toBe('sent');
  });

  it('queues each mail once when two workers (two processes) queue the same newsletter at the same time', async () => {
    const readers = Array.from({ length: 30 }, (_, i) => `reader${String(i).padStart(2, '0')}@example.org`);
    for (const email of readers) await addSubscriber(email, 'de');
    const id = await createNewsletter();
    expect((await mutate('newsletter.send', { id })).status).toBe(200);

    const workers = [queueWorker({ batchSize: 4 }), queueWorker({ batchSize: 4 })];
    const queued = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(queued[0]! + queued[1]!).toBe(readers.length);
    expect(await Promise.all(workers.map((worker) => worker.runOnce()))).toEqual([0, 0]);

    expect((await newsletterRows()).map((row) => row.to)).toEqual(readers);
    expect(await app.db.selectFrom('newsletter_deliveries').select('outbox_id').execute()).toHaveLength(readers.length);
    expect(await statusOf(id)).toBe('sent');
  });

  it('sends to the subscribers confirmed when "send" was pressed, not to those who confirm while it is queued', async () => {
    await addSubscriber('early@example.org', 'de');
    const id = await createNewsletter();
    expect((await mutate('newsletter.send', { id })).status).toBe(200);
    app.clock.advance(1000);
    await addSubscriber('late@example.org', 'de');

    expect(await app.newsletterQueue.runOnce()).toBe(1);
    expect((await newsletterRows()).map((row) => row.to)).toEqual(['early@example.org']);
    expect(await statusOf(id)).toBe('sent');
  });

  it('a worker running on its own wakes the outbox after each batch', async () => {
    await addSubscriber('reader@example.org', 'de');
    const id = await createNewsletter();
    expect((await mutate('newsletter.send', { id })).status).toBe(200);
    let kicks = 0;
    const worker = createNewsletterQueueWorker({
      db: app.db,
      clock: app.clock,
      logger: createLogger('silent'),
      publicUrl: app.url,
      orgName: 'SchoolBox e. V.',
      outbox: { kick: () => void kicks++ },
    });
    worker.start();
    await vi.waitFor(() => expect(kicks).toBe(1), { timeout: 5000 });
    await worker.stop();
    expect(await statusOf(id)).toBe('sent');
  });

  it('refuses to change or delete a newsletter once it is sent', async () => {
    const id = await createNewsletter();
    expect(await sendAndQueue(id)).toBe(0);
    const update = await mutate('newsletter.update', { id, version: 1, ...CONTENT, subjectDe: 'Anders' });
    expect(update.body.error?.data.appCode).toBe('NEWSLETTER_ALREADY_SENT');
    expect(update.status).toBe(409);
    const removal = await mutate('newsletter.delete', { id });
    expect(removal.body.error?.data.appCode).toBe('NEWSLETTER_ALREADY_SENT');
    expect((await query('newsletter.get', { id })).body.result?.data).toMatchObject({ subjectDe: CONTENT.subjectDe, status: 'sent' });
  });
});

describe('the pace of newsletter mail', () => {
  it('sends at most N newsletter mails in any minute, across two workers, while other mail goes at once', async () => {
    const RATE = 6;
    for (let i = 0; i < 15; i++) await addSubscriber(`reader${String(i).padStart(2, '0')}@example.org`, 'de');
    const id = await createNewsletter();
    expect(await sendAndQueue(id)).toBe(15);
    await enqueueMail(app.db, 'verify_email', 'signup@example.org', { subject: 'Bitte bestätigen', text: 't', html: 'h' }, app.clock.now());

    const sent: Array<{ at: number; mail: OutgoingMail }> = [];
    const workers = [1, 2].map(() =>
      createOutboxWorker({
        db: app.db,
        transport: { send: async (mail) => void sent.push({ at: app.clock.now().getTime(), mail }), close: () => undefined },
        from: app.config.mailFrom,
        teamInbox: app.config.contactInbox,
        logger: createLogger('silent'),
        clock: app.clock,
        newsletterRatePerMinute: RATE,
      }),
    );
    const start = app.clock.now().getTime();
    const isNewsletter = (entry: { mail: OutgoingMail }) => entry.mail.headers?.['List-Unsubscribe'] !== undefined;

    for (let second = 0; second <= 180; second++) {
      if (second === 35) {
        await enqueueMail(app.db, 'contact_receipt', 'later@example.org', { subject: 'Danke', text: 't', html: 'h' }, app.clock.now());
      }
      await Promise.all(workers.map((worker) => worker.runOnce()));
      if (second === 0) {
        // The sign-up mail did not wait behind the fifteen newsletter mails that were due before it.
        expect(sent.filter((entry) => !isNewsletter(entry)).map((entry) => entry.mail.to)).toEqual(['signup@example.org']);
      }
      if (second === 35) {
        expect(sent.find((entry) => entry.mail.to === 'later@example.org')?.at).toBe(start + 35_000);
      }
      app.clock.advance(1000);
    }
    await Promise.all(workers.map((worker) => worker.stop()));

    const times = sent.filter(isNewsletter).map((entry) => entry.at - start);
    expect(times).toHaveLength(15);
    expect(new Set(sent.filter(isNewsletter).map((entry) => entry.mail.to)).size).toBe(15);
    // No 60-second window, wherever it starts, holds more than RATE newsletter mails ...
    for (const from of times) expect(times.filter((t) => t >= from && t < from + 60_000).length).toBeLessThanOrEqual(RATE);
    // ... and the pace is the rate, not slower: RATE in the first minute, all fifteen within 150 s.
    expect(times.filter((t) => t < 60_000)).toHaveLength(RATE);
    expect(Math.max(...times)).toBeLessThanOrEqual(150_000);
  });
});

describe('unsubscribing', () => {
  async function sentNewsletterTo(...emails: string[]) {
    for (const email of emails) await addSubscriber(email, email.startsWith('en') ? 'en' : 'de');
    const id = await createNewsletter();
    expect(await sendAndQueue(id)).toBe(emails.length);
    return id;
  }

  function oneClickApp() {
    const hono = new Hono();
    hono.on(
      ['GET', 'POST'],
      ONE_CLICK_UNSUBSCRIBE_PATH,
      oneClickUnsubscribeHandler({ db: app.db, logger: createLogger('silent'), clock: app.clock, publicUrl: app.url }),
    );
    return hono;
  }
  const oneClickUrlOf = (row: OutboxRow) => /^<(.+)>$/.exec(mailHeaders(row)['List-Unsubscribe'] ?? '')?.[1] as string;

  it('one-click POST (RFC 8058, no Origin, no cookie) takes the address off the list and withdraws its waiting mail', async () => {
    const id = await sentNewsletterTo('de@example.org', 'en@example.org');
    const enRow = (await newsletterRows()).find((row) => row.to === 'en@example.org') as OutboxRow;
    const url = new URL(oneClickUrlOf(enRow));
    const hono = oneClickApp();

    // Opening the link (a GET, as a link scanner would) changes nothing; it leads to the page.
    const opened = await hono.request(url.pathname + url.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${app.url}/newsletter/unsubscribe?token=${url.searchParams.get('token')}&lang=en`);
    expect(await subscriberEmails()).toEqual(['de@example.org', 'en@example.org']);

    // A POST without the one-click body is refused.
    const bare = await hono.request(url.pathname + url.search, { method: 'POST' });
    expect(bare.status).toBe(400);
    expect(await subscriberEmails()).toEqual(['de@example.org', 'en@example.org']);

    const posted = await hono.request(url.pathname + url.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(await subscriberEmails()).toEqual(['de@example.org']);
    // The mail still waiting for them is not sent; the newsletter now counts one mail.
    expect((await newsletterRows()).map((row) => row.to)).toEqual(['de@example.org']);
    expect(await progressOf(id)).toMatchObject({ total: 1 });
    const list = await query('newsletter.subscribers', {});
    expect(list.body.result?.data).toMatchObject({ total: 1, confirmed: 1, unsubscribed: 1 });

    // Again: the same answer, nothing counted twice. A malformed token is refused.
    const repeated = await hono.request(url.pathname + url.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(repeated.status).toBe(200);
    expect((await query('newsletter.subscribers', {})).body.result?.data).toMatchObject({ unsubscribed: 1 });
    expect(
      (await hono.request(`${ONE_CLICK_UNSUBSCRIBE_PATH}?token=nope`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status,
    ).toBe(400);

    // The next newsletter does not reach them.
    const next = await createNewsletter({ ...CONTENT, subjectDe: 'Zweiter Brief' });
    expect(await sendAndQueue(next)).toBe(1);
  });

  it('the unsubscribe page’s mutation deletes the address once; mail already sent keeps no address', async () => {
    await sentNewsletterTo('de@example.org', 'other@example.org');
    await deliverAll();
    const row = (await newsletterRows()).find((r) => r.to === 'de@example.org') as OutboxRow;
    const token = tokenFromMail(row.text, '/newsletter/unsubscribe');

    const done = await trpcMutation(app.url, 'newsletter.unsubscribe', { token });
    expect(done.status).toBe(200);
    expect(done.body.result?.data).toEqual({ ok: true });
    expect(await subscriberEmails()).toEqual(['other@example.org']);
    const logged = await app.db.selectFrom('outbox').select(['to', 'status']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(logged).toEqual({ to: '', status: 'sent' });

    const again = await trpcMutation(app.url, 'newsletter.unsubscribe', { token });
    expect(again.status).toBe(400);
    expect(again.body.error?.data.appCode).toBe('TOKEN_INVALID');
    const malformed = await trpcMutation(app.url, 'newsletter.unsubscribe', { token: 'x' });
    expect(malformed.body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect((await query('newsletter.subscribers', {})).body.result?.data).toMatchObject({ total: 1, unsubscribed: 1 });
  });

  it('works through the whole sign-up: subscribe, confirm, receive, unsubscribe from the link', async () => {
    expect((await trpcMutation(app.url, 'newsletter.subscribe', { email: 'leserin@example.org', locale: 'fr' })).status).toBe(200);
    await app.outbox.runOnce();
    const confirmMail = app.sentMails.find((mail) => mail.to === 'leserin@example.org') as OutgoingMail;
    expect(confirmMail.text).toMatch(/\/newsletter\/confirm\?token=[a-z2-7]{32}&lang=fr/);
    expect(
      (await trpcMutation(app.url, 'newsletter.confirm', { token: tokenFromMail(confirmMail.text, '/newsletter/confirm') })).status,
    ).toBe(200);

    const id = await createNewsletter({
      ...CONTENT,
      subjectFr: 'Nouvelles du pilote',
      bodyFr: 'Chers amis,\n\nla première SchoolBox est installée.',
    });
    expect(await sendAndQueue(id)).toBe(1);
    const [row] = await newsletterRows();
    expect(row?.subject).toBe('Nouvelles du pilote');
    expect(row?.html).toContain('<html lang="fr">');
    expect(row?.text).toContain('la première SchoolBox est installée.');
    expect(row?.text).toMatch(/\/newsletter\/unsubscribe\?token=[a-z2-7]{32}&lang=fr/);
    const token = tokenFromMail(row?.text ?? '', '/newsletter/unsubscribe');
    expect((await trpcMutation(app.url, 'newsletter.unsubscribe', { token })).status).toBe(200);
    expect(await subscriberEmails()).toEqual([]);
  });
});

describe('composing', () => {
  it('saves and updates drafts, previews unsaved text in each language, and lists past newsletters', async () => {
    const id = await createNewsletter();
    const updated = await mutate('newsletter.update', {
      id,
      version: 1,
      ...CONTENT,
      subjectEn: 'News from our pilot',
      subjectFr: 'Nouvelles',
      bodyFr: 'Bonjour,\n\nquoi de neuf ?',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.result?.data).toMatchObject({
      id,
      status: 'draft',
      subjectEn: 'News from our pilot',
      bodyFr: 'Bonjour,\n\nquoi de neuf ?',
      createdBy: 'Grace Hopper',
    });

    const preview = await mutate('newsletter.preview', { ...CONTENT, locale: 'fr' });
    expect(preview.status).toBe(200);
    const shown = preview.body.result!.data as { locale: string; subject: string; text: string; html: string };
    // No French version here: the preview shows what French subscribers would get, the German text.
    expect(shown).toMatchObject({ locale: 'de', subject: 'Neues aus dem Pilotprojekt' });
    expect(shown.html).toContain('<a href="https://schoolbox.example/blog/pilot"');
    expect(shown.text).toMatch(/\/newsletter\/unsubscribe\?token=[a-z2-7]{32}&lang=fr/);
    const english = (await mutate('newsletter.preview', { ...CONTENT, locale: 'en' })).body.result!.data as {
      locale: string;
      subject: string;
    };
    expect(english).toMatchObject({ locale: 'en', subject: 'News from the pilot' });
    // The preview stores nothing.
    expect(await app.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);

    const missingGerman = await mutate('newsletter.create', { ...CONTENT, bodyDe: '  ' });
    expect(missingGerman.status).toBe(400);
    expect(Object.keys(missingGerman.body.error?.data.fieldErrors ?? {})).toEqual(['bodyDe']);

    const second = await createNewsletter({ ...CONTENT, subjectDe: 'Zweiter' });
    const list = await query('newsletter.list');
    expect((list.body.result!.data as Array<{ id: string }>).map((n) => n.id).sort()).toEqual([id, second].sort());

    expect((await mutate('newsletter.delete', { id: second })).status).toBe(200);
    expect((await query('newsletter.get', { id: second })).body.error?.data.appCode).toBe('NOT_FOUND');
  });

  it('refuses a half-written English or French version (subject without body, body or picture description alone) instead of dropping it', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ subjectFr: 'Nouvelles du pilote' }, ['bodyFr']],
      [{ bodyFr: 'Bonjour !' }, ['subjectFr']],
      [{ subjectEn: '', bodyEn: CONTENT.bodyEn }, ['subjectEn']],
      [{ subjectEn: CONTENT.subjectEn, bodyEn: '   ' }, ['bodyEn']],
      [{ subjectEn: '', bodyEn: '', imageAltEn: 'Children in front of the box' }, ['subjectEn', 'bodyEn']],
    ];
    for (const [change, fields] of cases) {
      const created = await mutate('newsletter.create', { ...CONTENT, ...change });
      expect(created.status, JSON.stringify(change)).toBe(400);
      expect(created.body.error?.data.appCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(created.body.error?.data.fieldErrors ?? {}).sort(), JSON.stringify(change)).toEqual([...fields].sort());
      const preview = await mutate('newsletter.preview', { ...CONTENT, ...change, locale: 'fr' });
      expect(preview.status, JSON.stringify(change)).toBe(400);
    }
    expect((await query('newsletter.list')).body.result?.data).toEqual([]);

    // A stored draft cannot be turned half-written either; every field of a language empty is no version.
    const id = await createNewsletter();
    const halfFrench = await mutate('newsletter.update', { id, version: 1, ...CONTENT, subjectFr: 'Nouvelles du pilote' });
    expect(halfFrench.status).toBe(400);
    expect(Object.keys(halfFrench.body.error?.data.fieldErrors ?? {})).toEqual(['bodyFr']);
    const noEnglish = await mutate('newsletter.update', { id, version: 1, ...CONTENT, subjectEn: ' ', bodyEn: '' });
    expect(noEnglish.status).toBe(200);
    expect(noEnglish.body.result?.data).toMatchObject({ subjectFr: '', bodyFr: '', bodyEn: '' });
  });

  it('"send a test to me" queues one mail to the admin at once, marked as a test, and no subscriber gets it', async () => {
    await addSubscriber('reader@example.org', 'de');
    const id = await createNewsletter();
    const test = await mutate('newsletter.sendTest', { id, locale: 'en' });
    expect(test.status).toBe(200);
    expect(test.body.result?.data).toEqual({ to: admin.user.email });
    const rows = await app.db.selectFrom('outbox').selectAll().execute();
    expect(rows.map((row) => [row.kind, row.to, row.subject])).toEqual([
      ['newsletter_test', admin.user.email, '[Test] News from the pilot'],
    ]);
    expect(mailHeaders(rows[0] as OutboxRow)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await app.outbox.runOnce()).toBe(1);
    expect((await query('newsletter.get', { id })).body.result?.data).toMatchObject({ status: 'draft', progress: { total: 0 } });
  });
});

describe('the subscriber list', () => {
  it('lists address, language, confirmation and date with the counts, deletes one, and exports safe CSV', async () => {
    await addSubscriber('de@example.org', 'de');
    app.clock.advance(1000);
    await addSubscriber('+fr@example.org', 'fr', false);
    app.clock.advance(1000);
    // Values a spreadsheet would run as formulas, and a quote and a comma that need CSV quoting.
    await app.db
      .updateTable('newsletter_subscribers')
      .set({ locale: '=cmd|"/c calc"!A1,x' })
      .where('email', '=', '+fr@example.org')
      .execute();
    const eve = await addSubscriber('-eve@example.org', 'en');

    const list = await query('newsletter.subscribers', { page: 1 });
    expect(list.status).toBe(200);
    const data = list.body.result!.data as {
      subscribers: Array<Record<string, unknown>>;
      total: number;
      confirmed: number;
      unsubscribed: number;
    };
    expect(data).toMatchObject({ total: 3, confirmed: 2, unsubscribed: 0, page: 1, pageSize: 50 });
    expect(data.subscribers.map((s) => [s.email, s.confirmed])).toEqual([
      ['-eve@example.org', true],
      ['+fr@example.org', false],
      ['de@example.org', true],
    ]);
    expect(data.subscribers[2]).toMatchObject({
      locale: 'de',
      createdAt: '2026-03-02T10:00:00.000Z',
      confirmedAt: '2026-03-02T10:00:00.000Z',
    });

    const exported = await query('newsletter.exportSubscribers');
    expect(exported.status).toBe(200);
    const { filename, csv } = exported.body.result!.data as { filename: string; csv: string };
    expect(filename).toBe('newsletter-subscribers-2026-03-02.csv');
    expect(csv.split('\r\n')).toEqual([
      // Rows written directly have no consent record: its columns stay empty (newsletter-consent.test.ts fills them).
      // The BOM first, so that spreadsheet programs read the file as UTF-8.
      '\uFEFFemail,language,confirmed,confirmed_at,subscribed_at,sign_up_ip,confirm_ip,privacy_policy_version',
      "'-eve@example.org,en,yes,2026-03-02T10:00:02.000Z,2026-03-02T10:00:02.000Z,,,",
      `'+fr@example.org,"'=cmd|""/c calc""!A1,x",no,,2026-03-02T10:00:01.000Z,,,`,
      'de@example.org,de,yes,2026-03-02T10:00:00.000Z,2026-03-02T10:00:00.000Z,,,',
      '',
    ]);

    expect((await mutate('newsletter.deleteSubscriber', { id: eve })).status).toBe(200);
    expect(await subscriberEmails()).toEqual(['+fr@example.org', 'de@example.org']);
    expect((await mutate('newsletter.deleteSubscriber', { id: eve })).body.error?.data.appCode).toBe('NOT_FOUND');
    // An admin's deletion is not an unsubscription.
    expect((await query('newsletter.subscribers', {})).body.result?.data).toMatchObject({ total: 2, unsubscribed: 0 });
  });
});

describe('who may do what', () => {
  it('a signed-in user without the admin role gets 403 and an anonymous visitor 401 for every admin call', async () => {
    await addSubscriber('reader@example.org', 'de');
    const id = await createNewsletter();
    const plain = await createUser(app);
    const userCookie = await signIn(app, plain.email, plain.password);
    const subscriberId = (await app.db.selectFrom('newsletter_subscribers').select('id').executeTakeFirstOrThrow()).id;

    const mutations: Array<[string, unknown]> = [
      ['newsletter.create', CONTENT],
      ['newsletter.update', { id, version: 1, ...CONTENT }],
      ['newsletter.delete', { id }],
      ['newsletter.preview', { ...CONTENT, locale: 'de' }],
      ['newsletter.sendTest', { id }],
      ['newsletter.send', { id }],
      ['newsletter.deleteSubscriber', { id: subscriberId }],
    ];
    const queries: Array<[string, unknown]> = [
      ['newsletter.list', undefined],
      ['newsletter.get', { id }],
      ['newsletter.progress', { id }],
      ['newsletter.subscribers', {}],
      ['newsletter.exportSubscribers', undefined],
    ];
    for (const [cookie, status, appCode] of [
      [userCookie, 403, 'FORBIDDEN'],
      [null, 401, 'UNAUTHENTICATED'],
    ] as const) {
      for (const [path, input] of mutations) {
        const result = await mutate(path, input, cookie);
        expect([path, result.status, result.body.error?.data.appCode]).toEqual([path, status, appCode]);
      }
      for (const [path, input] of queries) {
        const result = await query(path, input, cookie);
        expect([path, result.status, result.body.error?.data.appCode]).toEqual([path, status, appCode]);
        expect(JSON.stringify(result.body)).not.toContain('reader@example.org');
      }
    }
    // Nothing happened.
    expect(await app.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
    expect(await app.db.selectFrom('newsletters').select('id').execute()).toHaveLength(1);
    expect(await subscriberEmails()).toEqual(['reader@example.org']);
  });
});
