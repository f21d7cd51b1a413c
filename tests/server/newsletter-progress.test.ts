/**
 * A newsletter's numbers on /newsletter-admin (newsletter.list, .get, .progress): counted from the outbox
 * while mails are pending, kept on the newsletter once none is (so the list, polled every 2 s while one
 * goes out, does not count every newsletter ever sent), counted again after "resend failed" until the
 * mails queued anew settle; and migration 0025 keeping them for the newsletters already settled. Mails
 * go out or fail by writing the outbox rows as the mail worker does (mail/outbox.ts markSent and
 * markAttemptFailed): this is about the counts, not the sending (newsletter-sending, mail-outbox tests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { randomToken } from '@server/auth/random-token';
import { connectDatabase, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { newId } from '@server/lib/ids';
import { createLogger } from '@server/lib/logger';
import { migrations } from '../../migrations/index';
import { signedInUser } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { makeTempDir } from '../support/temp-dir';
import { testDatabase } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

type Progress = { total: number; queued: number; sent: number; failed: number };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function addSubscriber(app: TestApp, email: string): Promise<void> {
  await app.db
    .insertInto('newsletter_subscribers')
    .values({
      id: newId(),
      email,
      locale: 'de',
      created_at: app.clock.now().toISOString(),
      confirmed_at: app.clock.now().toISOString(),
      token_hash: null,
      token_expires_at: null,
      unsubscribe_token: randomToken(),
    })
    .execute();
}

describe('newsletter progress', () => {
  it('counts from the outbox while mails are pending, keeps the numbers once none is, and counts again after "resend failed"', async () => {
    const app = await startTestApp();
    close = () => app.close();
    const { cookie } = await signedInUser(app, { admin: true });
    const as = { cookie };
    for (const email of ['ada@example.org', 'grace@example.org', 'back@example.org']) await addSubscriber(app, email);
    const create = async (subjectDe: string) =>
      (
        (await trpcMutation(app.url, 'newsletter.create', { subjectDe, bodyDe: 'Hallo!' }, as)).body.result?.data as
          | { id: string }
          | undefined
      )?.id ?? '';
    const draft = await create('Entwurf');
    const id = await create('Neues vom Projekt');
    expect((await trpcMutation(app.url, 'newsletter.send', { id }, as)).status).toBe(200);
    await app.newsletterQueue.runOnce();

    const listed = async () => {
      const list = (await trpcQuery(app.url, 'newsletter.list', undefined, as)).body.result?.data as Array<{
        id: string;
        progress: Progress;
      }>;
      return Object.fromEntries(list.map((newsletter) => [newsletter.id, newsletter.progress]));
    };
    const progress = async () => (await trpcQuery(app.url, 'newsletter.progress', { id }, as)).body.result?.data as Progress;
    const kept = () =>
      app.db.selectFrom('newsletters').select(['settled_sent', 'settled_failed']).where('id', '=', id).executeTakeFirstOrThrow();
    const mailTo = async (email: string) =>
      (await app.db.selectFrom('outbox').select('id').where('to', '=', email).where('kind', '=', 'newsletter').executeTakeFirstOrThrow())
        .id;
    const settle = async (email: string, status: 'sent' | 'failed') =>
      app.db
        .updateTable('outbox')
        .set(
          status === 'sent'
            ? { status, sent_at: app.clock.now().toISOString(), last_error: null }
            : { status, last_error: '550 5.1.1 unknown' },
        )
        .where('id', '=', await mailTo(email))
        .execute();

    // Queued ('sent' once every mail is queued), none gone yet: counted, nothing kept.
    expect(await listed()).toEqual({
      [draft]: { total: 0, queued: 0, sent: 0, failed: 0 },
      [id]: { total: 3, queued: 3, sent: 0, failed: 0 },
    });
    await settle('ada@example.org', 'sent');
    await settle('back@example.org', 'failed');
    expect(await progress()).toEqual({ total: 3, queued: 1, sent: 1, failed: 1 });
    expect(await kept()).toEqual({ settled_sent: null, settled_failed: null });

    // The last one goes: the numbers are kept with the newsletter.
    await settle('grace@example.org', 'sent');
    expect(await listed()).toMatchObject({ [id]: { total: 3, queued: 0, sent: 2, failed: 1 } });
    expect(await kept()).toEqual({ settled_sent: 2, settled_failed: 1 });
    // Sent mail deleted after 30 days (retention job) still counts as sent.
    await app.db.deleteFrom('outbox').where('status', '=', 'sent').execute();
    expect(await progress()).toEqual({ total: 3, queued: 0, sent: 2, failed: 1 });

    // "Resend failed" queues the failed one anew: counted from the outbox again until it settles.
    expect((await trpcMutation(app.url, 'newsletter.resendFailed', { id }, as)).body.result?.data).toEqual({ requeued: 1 });
    expect(await kept()).toEqual({ settled_sent: null, settled_failed: null });
    expect(await listed()).toMatchObject({ [id]: { total: 3, queued: 1, sent: 2, failed: 0 } });
    await settle('back@example.org', 'sent');
    expect(await progress()).toEqual({ total: 3, queued: 0, sent: 3, failed: 0 });
    expect(await kept()).toEqual({ settled_sent: 3, settled_failed: 0 });
    expect((await trpcQuery(app.url, 'newsletter.get', { id }, as)).body.result?.data).toMatchObject({
      progress: { total: 3, queued: 0, sent: 3, failed: 0 },
    });
  });
});

describe('migration 0025', () => {
  it('keeps the numbers of the newsletters already settled, and leaves those with mails pending to be counted', async () => {
    const temp = makeTempDir();
    const database = await testDatabase(temp.dir);
    const db: Db = connectDatabase(database.url).db;
    close = async () => {
      await db.destroy();
      await database.drop();
      temp.remove();
    };
    const logger = createLogger('silent');
    await migrateToLatest(db, logger, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0025')));
    const at = '2026-03-02T10:00:00.000Z';
    const newsletter = async (
      id: string,
      status: 'draft' | 'sending' | 'sent',
      mails: Array<'sent' | 'failed' | 'pending' | 'deleted'>,
    ) => {
      await db
        .insertInto('newsletters')
        .values({
          id,
          subject_de: id,
          body_de: 'Hallo!',
          subject_en: '',
          body_en: '',
          subject_fr: '',
          body_fr: '',
          status,
          created_by: null,
          created_at: at,
          updated_at: at,
          sent_by: null,
          send_started_at: null,
          sent_at: null,
        })
        .execute();
      for (const [index, mail] of mails.entries()) {
        const outboxId = `${id}-mail-${index}`;
        if (mail !== 'deleted') {
          await db
            .insertInto('outbox')
            .values({
              id: outboxId,
              kind: 'newsletter',
              to: '',
              subject: id,
              text: '',
              html: '',
              status: mail,
              attempts: 1,
              next_attempt_at: at,
              last_error: null,
              created_at: at,
              sent_at: mail === 'sent' ? at : null,
            })
            .execute();
        }
        await db
          .insertInto('newsletter_deliveries')
          .values({ outbox_id: outboxId, newsletter_id: id, subscriber_id: null, created_at: at })
          .execute();
      }
    };
    await newsletter('settled', 'sent', ['sent', 'failed', 'deleted', 'failed', 'sent']);
    await newsletter('going-out', 'sent', ['sent', 'pending', 'failed']);
    await newsletter('queueing', 'sending', ['sent']);
    await newsletter('empty', 'sent', []);
    await newsletter('draft', 'draft', []);
    await migrateToLatest(db, logger);
    const rows = await db.selectFrom('newsletters').select(['id', 'settled_sent', 'settled_failed']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.settled_sent, row.settled_failed])).toEqual([
      ['draft', null, null],
      ['empty', 0, 0],
      ['going-out', null, null],
      ['queueing', null, null],
      ['settled', 3, 2],
    ]);
  });
});
