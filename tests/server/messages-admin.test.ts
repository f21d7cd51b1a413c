/**
 * /messages-admin's procedures over real HTTP (messagesAdmin.list / .markAnswered): the contact
 * messages newest first with what the team needs to answer them, the answered/unanswered filter,
 * marking one answered (who and when, one audit entry in the same transaction, a second click changes
 * nothing), and that only admins get any of it. Messages are written straight into the table: sending
 * them is contact.test.ts's subject.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminMessage, AdminMessageList } from '@shared/schemas/messages-admin';
import { MESSAGES_PAGE_SIZE } from '@server/contact/admin';
import { deleteOldContactMessages } from '@server/retention/delete';
import { signedInUser } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function adminApp() {
  app = await startTestApp();
  const admin = await signedInUser(app, { admin: true, email: 'grace@example.org' });
  return { app, cookie: admin.cookie, adminId: admin.user.id };
}

async function list(target: TestApp, cookie: string | undefined, input: unknown) {
  const { status, body } = await trpcQuery(target.url, 'messagesAdmin.list', input, { cookie });
  return { status, appCode: body.error?.data.appCode ?? null, data: body.result?.data as AdminMessageList };
}

async function markAnswered(target: TestApp, cookie: string | undefined, id: string) {
  const { status, body } = await trpcMutation(target.url, 'messagesAdmin.markAnswered', { id }, { cookie });
  return { status, appCode: body.error?.data.appCode ?? null, data: body.result?.data as AdminMessage };
}

async function seedMessage(target: TestApp, id: string, createdAt: string, fields: Record<string, string | null> = {}) {
  await target.db
    .insertInto('contact_messages')
    .values({
      id,
      name: 'Ada Lovelace',
      email: `${id}@example.org`,
      organization: null,
      inquiry_type: 'general',
      subject: `Subject ${id}`,
      message: `Message ${id}\nsecond line`,
      locale: 'de',
      created_at: createdAt,
      ...fields,
    })
    .execute();
}

async function seedThree(target: TestApp) {
  await seedMessage(target, 'm1', '2026-03-01T10:00:00.000Z', { inquiry_type: 'corporate', organization: 'Acme GmbH', locale: 'en' });
  await seedMessage(target, 'm2', '2026-03-03T10:00:00.000Z', { inquiry_type: 'media' });
  // A type the form no longer offers reads as a general inquiry.
  await seedMessage(target, 'm3', '2026-03-02T10:00:00.000Z', { inquiry_type: 'retired-type' });
}

const auditEntries = (target: TestApp) => target.db.selectFrom('audit_log').selectAll().where('action', '=', 'message.answered').execute();

describe('messagesAdmin', () => {
  it('is for admins only: 401 signed out, 403 for a plain user, and marking changes nothing for them', async () => {
    const { app } = await adminApp();
    await seedThree(app);
    const user = await signedInUser(app);
    expect(await list(app, undefined, {})).toMatchObject({ status: 401, appCode: 'UNAUTHENTICATED' });
    expect(await list(app, user.cookie, {})).toMatchObject({ status: 403, appCode: 'FORBIDDEN' });
    expect(await markAnswered(app, user.cookie, 'm1')).toMatchObject({ status: 403, appCode: 'FORBIDDEN' });
    const row = await app.db.selectFrom('contact_messages').selectAll().where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(row.answered_at).toBeNull();
    expect(await auditEntries(app)).toEqual([]);
  });

  it('lists the messages newest first with inquiry type, sender, organisation, text and time', async () => {
    const { app, cookie } = await adminApp();
    await seedThree(app);
    const { status, data } = await list(app, cookie, {});
    expect(status).toBe(200);
    expect(data).toMatchObject({ page: 1, pageSize: MESSAGES_PAGE_SIZE, total: 3 });
    expect(data.messages.map((message) => message.id)).toEqual(['m2', 'm3', 'm1']);
    expect(data.messages[2]).toEqual({
      id: 'm1',
      inquiryType: 'corporate',
      name: 'Ada Lovelace',
      email: 'm1@example.org',
      organization: 'Acme GmbH',
      subject: 'Subject m1',
      message: 'Message m1\nsecond line',
      locale: 'en',
      createdAt: '2026-03-01T10:00:00.000Z',
      answeredAt: null,
      answeredBy: null,
    });
    expect(data.messages[1]?.inquiryType).toBe('general');
  });

  it('marks a message answered by the admin, with one audit entry; a second time changes nothing', async () => {
    const { app, cookie, adminId } = await adminApp();
    await seedThree(app);
    const now = app.clock.now().toISOString();

    const first = await markAnswered(app, cookie, 'm1');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ id: 'm1', answeredAt: now, answeredBy: 'grace@example.org' });
    const row = await app.db.selectFrom('contact_messages').selectAll().where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answered_at: now, answered_by: 'grace@example.org' });

    const entries = await auditEntries(app);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: adminId,
      actor_email: 'grace@example.org',
      object_type: 'message',
      object_id: 'm1',
      created_at: now,
    });
    expect(entries[0]?.ip).not.toBe('');

    // Again, a minute later: still the first answer's time, still one entry.
    app.clock.advance(60_000);
    expect((await markAnswered(app, cookie, 'm1')).data).toMatchObject({ answeredAt: now });
    expect(await auditEntries(app)).toHaveLength(1);

    // Others stay open.
    const others = await app.db.selectFrom('contact_messages').select('answered_at').where('id', '!=', 'm1').execute();
    expect(others).toEqual([{ answered_at: null }, { answered_at: null }]);
  });

  it('refuses an unknown message without writing an audit entry', async () => {
    const { app, cookie } = await adminApp();
    await seedThree(app);
    expect(await markAnswered(app, cookie, 'nope')).toMatchObject({ status: 404, appCode: 'NOT_FOUND' });
    expect((await markAnswered(app, cookie, '')).status).toBe(400);
    expect(await auditEntries(app)).toEqual([]);
  });

  it('filters answered and unanswered messages', async () => {
    const { app, cookie } = await adminApp();
    await seedThree(app);
    await markAnswered(app, cookie, 'm3');
    const ids = async (input: Record<string, unknown>) => (await list(app, cookie, input)).data.messages.map((message) => message.id);
    expect(await ids({ state: 'answered' })).toEqual(['m3']);
    expect(await ids({ state: 'unanswered' })).toEqual(['m2', 'm1']);
    expect(await ids({})).toEqual(['m2', 'm3', 'm1']);
    expect((await list(app, cookie, { state: 'archived' })).status).toBe(400);
  });

  it('leaves with the retention job, answered or not', async () => {
    const { app, cookie } = await adminApp();
    await seedThree(app);
    await markAnswered(app, cookie, 'm1');
    const deleted = await deleteOldContactMessages(app.db, new Date('2026-03-02T12:00:00.000Z'), {
      ...app.config.retention,
      contactDays: 0,
    });
    expect(deleted).toBe(2);
    expect((await list(app, cookie, {})).data.messages.map((message) => message.id)).toEqual(['m2']);
  });
});
