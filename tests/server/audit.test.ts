/**
 * The audit trail (issue 21 point 2, ADR 042) over real HTTP: each admin action writes exactly one entry
 * with who, what, which object and the client's IP (TRUST_PROXY, so the test chooses the address); an
 * action that fails leaves none, and an entry that cannot be written undoes the action (one
 * transaction); /audit-admin's procedures are for admins only, filter, export a CSV (BOM, header,
 * defused formulas) that is itself audited; nothing can edit or delete an entry; the retention job
 * deletes entries older than AUDIT_RETENTION_DAYS. Orders (cancel, refunds from Stripe) are covered in
 * shop-payments.test.ts, the CLI's entries in tests/build/cli.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, DEFAULT_AUDIT_RETENTION_DAYS } from '@shared/audit';
import type { AuditFilter, AuditList } from '@shared/schemas/audit';
import { exportAuditCsv } from '@server/audit/csv-export';
import { CLI_ACTOR, recordAudit, SYSTEM_ACTOR } from '@server/audit/record';
import { parseConfig } from '@server/config';
import type { AuditLogRow } from '@server/db/schema';
import { newId } from '@server/lib/ids';
import { applyRetention } from '@server/retention/delete';
import { appRouter } from '@server/router';
import { signedInUser } from '../support/accounts';
import { postInput } from '../support/blog';
import type { TrpcBody } from '../support/http';
import { listProcedures } from '../support/router-walk';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN_IP = '203.0.113.7';
const DAY_MS = 24 * 60 * 60_000;

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app that takes the client's address from X-Forwarded-For, and a signed-in admin's cookie. */
async function start(env: Record<string, string> = {}) {
  app = await startTestApp({ TRUST_PROXY: 'true', ...env });
  const admin = await signedInUser(app, { admin: true });
  return { app, admin };
}

type Call = { status: number; body: TrpcBody };

/** A tRPC call over HTTP from ADMIN_IP (through the "proxy"), as the holder of `cookie`. */
async function call(target: TestApp, kind: 'query' | 'mutation', path: string, input: unknown, cookie: string): Promise<Call> {
  const headers: Record<string, string> = { cookie, 'x-forwarded-for': ADMIN_IP };
  const response =
    kind === 'query'
      ? await fetch(`${target.url}/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
          headers,
        })
      : await fetch(`${target.url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', origin: target.url },
          body: JSON.stringify(input),
        });
  return { status: response.status, body: (await response.json()) as TrpcBody };
}

async function ok<T>(pending: Promise<Call>): Promise<T> {
  const { status, body } = await pending;
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result?.data as T;
}

const entries = (target: TestApp): Promise<AuditLogRow[]> => target.db.selectFrom('audit_log').selectAll().orderBy('created_at').execute();
const ofAction = async (target: TestApp, action: AuditAction) => (await entries(target)).filter((entry) => entry.action === action);

/** The one entry of `action`: there must be exactly one. */
async function single(target: TestApp, action: AuditAction): Promise<AuditLogRow> {
  const found = await ofAction(target, action);
  expect(found, `entries of ${action}`).toHaveLength(1);
  return found[0] as AuditLogRow;
}

describe('what admins do is recorded', () => {
  it('the blog: created, edited, published, unpublished, featured, unfeatured, scheduled, deleted — one entry each', async () => {
    const { app, admin } = await start();
    const as = (kind: 'query' | 'mutation', path: string, input: unknown) => ok<{ id: string }>(call(app, kind, path, input, admin.cookie));

    const post = (await as('mutation', 'blog.create', postInput({ title: 'Erster Bericht' }))) as { id: string; version: number };
    const created = await single(app, 'post.created');
    expect(created).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.email,
      object_type: 'post',
      object_id: post.id,
      ip: ADMIN_IP,
    });
    expect(JSON.parse(created.detail)).toMatchObject({ title: 'Erster Bericht' });
    // A draft saved: nothing was published.
    expect(await ofAction(app, 'post.published')).toHaveLength(0);

    await as('mutation', 'blog.update', { id: post.id, version: post.version, data: postInput({ title: 'Erster Bericht (neu)' }) });
    expect(JSON.parse((await single(app, 'post.edited')).detail)).toMatchObject({ title: 'Erster Bericht (neu)' });

    await as('mutation', 'blog.setPublished', { id: post.id, value: true });
    expect(await single(app, 'post.published')).toMatchObject({ object_id: post.id, ip: ADMIN_IP });
    // Again: nothing changed, nothing recorded.
    await as('mutation', 'blog.setPublished', { id: post.id, value: true });
    await single(app, 'post.published');

    await as('mutation', 'blog.setFeatured', { id: post.id, value: true });
    await single(app, 'post.featured');
    await as('mutation', 'blog.setFeatured', { id: post.id, value: false });
    await single(app, 'post.unfeatured');
    await as('mutation', 'blog.setPublished', { id: post.id, value: false });
    await single(app, 'post.unpublished');

    const later = new Date(app.clock.now().getTime() + 7 * DAY_MS).toISOString();
    const scheduled = await as('mutation', 'blog.create', postInput({ title: 'Später', published: true, publishAt: later }));
    expect(await single(app, 'post.scheduled')).toMatchObject({ object_id: scheduled.id });
    expect(await ofAction(app, 'post.created')).toHaveLength(2);
    expect(await ofAction(app, 'post.published')).toHaveLength(1);

    await as('mutation', 'blog.delete', { id: post.id });
    const deleted = await single(app, 'post.deleted');
    expect(deleted).toMatchObject({ actor_email: admin.email, object_id: post.id, ip: ADMIN_IP });
    expect(JSON.parse(deleted.detail)).toMatchObject({ title: 'Erster Bericht (neu)' });
    // Every entry of this test is the admin's, from the admin's address.
    for (const entry of await entries(app)) expect(entry).toMatchObject({ actor_email: admin.email, ip: ADMIN_IP });
  });

  it('the newsletter: sent (once, however often pressed), the list exported, an address deleted', async () => {
    const { app, admin } = await start();
    const newsletter = await ok<{ id: string }>(
      call(app, 'mutation', 'newsletter.create', { subjectDe: 'Neuigkeiten', bodyDe: 'Hallo.' }, admin.cookie),
    );
    await ok(call(app, 'mutation', 'newsletter.send', { id: newsletter.id }, admin.cookie));
    await ok(call(app, 'mutation', 'newsletter.send', { id: newsletter.id }, admin.cookie));
    const sent = await single(app, 'newsletter.sent');
    expect(sent).toMatchObject({ actor_email: admin.email, object_type: 'newsletter', object_id: newsletter.id, ip: ADMIN_IP });
    expect(JSON.parse(sent.detail)).toMatchObject({ subject: 'Neuigkeiten' });

    const subscriberId = newId();
    const now = app.clock.now().toISOString();
    await app.db
      .insertInto('newsletter_subscribers')
      .values({ id: subscriberId, email: 'leser@example.org', locale: 'de', confirmed_at: now, token_hash: null, created_at: now })
      .execute();
    const file = await ok<{ filename: string; csv: string }>(call(app, 'query', 'newsletter.exportSubscribers', undefined, admin.cookie));
    expect(file.csv).toContain('leser@example.org');
    expect(JSON.parse((await single(app, 'subscribers.exported')).detail)).toMatchObject({ filename: file.filename });

    await ok(call(app, 'mutation', 'newsletter.deleteSubscriber', { id: subscriberId }, admin.cookie));
    const deleted = await single(app, 'subscriber.deleted');
    expect(deleted).toMatchObject({ object_type: 'subscriber', object_id: subscriberId, ip: ADMIN_IP });
    // The address the subscriber had removed is not kept in the trail either.
    expect(JSON.stringify(await entries(app))).not.toContain('leser@example.org');
  });

  it('the donations CSV', async () => {
    const { app, admin } = await start();
    const file = await ok<{ filename: string }>(call(app, 'query', 'donationsAdmin.exportCsv', { month: '2026-03' }, admin.cookie));
    const entry = await single(app, 'donations.exported');
    expect(entry).toMatchObject({ actor_email: admin.email, ip: ADMIN_IP });
    expect(JSON.parse(entry.detail)).toMatchObject({ filename: file.filename, month: '2026-03' });
  });
});

describe('an action and its entry are one', () => {
  it('a refused action leaves no entry', async () => {
    const { app, admin } = await start();
    const missing = await call(app, 'mutation', 'blog.setPublished', { id: 'no-such-post', value: true }, admin.cookie);
    expect(missing.status).toBe(404);
    expect((await call(app, 'mutation', 'blog.delete', { id: 'no-such-post' }, admin.cookie)).status).toBe(404);
    expect((await call(app, 'mutation', 'newsletter.deleteSubscriber', { id: 'nobody' }, admin.cookie)).status).toBe(404);
    expect(await entries(app)).toEqual([]);
  });

  it('when the entry cannot be written, the action does not happen', async () => {
    const { app, admin } = await start();
    const post = await ok<{ id: string }>(call(app, 'mutation', 'blog.create', postInput({ title: 'Bleibt' }), admin.cookie));
    const newsletter = await ok<{ id: string }>(
      call(app, 'mutation', 'newsletter.create', { subjectDe: 'Entwurf', bodyDe: 'Text.' }, admin.cookie),
    );
    // The trail's table gone: every write of an entry fails from now on.
    await app.db.schema.dropTable('audit_log').execute();

    expect((await call(app, 'mutation', 'blog.delete', { id: post.id }, admin.cookie)).status).toBe(500);
    expect(await app.db.selectFrom('blog_posts').select('id').where('id', '=', post.id).executeTakeFirst()).toBeDefined();
    expect((await call(app, 'mutation', 'blog.setPublished', { id: post.id, value: true }, admin.cookie)).status).toBe(500);
    expect((await app.db.selectFrom('blog_posts').select('published').where('id', '=', post.id).executeTakeFirstOrThrow()).published).toBe(
      0,
    );
    expect((await call(app, 'mutation', 'newsletter.send', { id: newsletter.id }, admin.cookie)).status).toBe(500);
    expect((await app.db.selectFrom('newsletters').select('status').where('id', '=', newsletter.id).executeTakeFirstOrThrow()).status).toBe(
      'draft',
    );
    // A CSV export that cannot be recorded is not handed out.
    const exported = await call(app, 'query', 'newsletter.exportSubscribers', undefined, admin.cookie);
    expect(exported.status).toBe(500);
    expect(exported.body.result).toBeUndefined();
  });
});

describe('/audit-admin', () => {
  it('is for admins only: anonymous 401, a user without the role 403', async () => {
    const { app } = await start();
    const user = await signedInUser(app);
    const audit = (await listProcedures(appRouter)).filter((procedure) => procedure.path.startsWith('audit.'));
    expect(audit.map((procedure) => procedure.path)).toEqual(['audit.actors', 'audit.exportCsv', 'audit.list']);
    for (const procedure of audit) {
      expect(procedure.access).toBe('admin');
      expect((await call(app, 'query', procedure.path, {}, user.cookie)).status, procedure.path).toBe(403);
      expect((await call(app, 'query', procedure.path, {}, '')).status, procedure.path).toBe(401);
    }
    expect(await entries(app)).toEqual([]);
  });

  it('has no way to change or delete an entry: only reading procedures, anywhere in the API', async () => {
    const procedures = await listProcedures(appRouter);
    const touchingTheTrail = procedures.filter((procedure) => procedure.path.startsWith('audit.'));
    expect(touchingTheTrail.every((procedure) => procedure.type === 'query')).toBe(true);
  });

  it('lists newest first, a page at a time, narrowed by person and action; names the people in it', async () => {
    const { app, admin } = await start();
    const start0 = app.clock.now().getTime();
    const at = (minutes: number) => new Date(start0 - minutes * 60_000);
    const other = { id: null, email: 'zweite@example.org', ip: '198.51.100.2' };
    for (let minute = 60; minute > 0; minute--) {
      await recordAudit(app.db, other, { action: 'post.edited', objectType: 'post', objectId: `p${minute}` }, at(minute));
    }
    await recordAudit(app.db, CLI_ACTOR, { action: 'role.granted', objectType: 'user', objectId: admin.user.id }, at(90));
    await recordAudit(app.db, SYSTEM_ACTOR, { action: 'order.refunded', objectType: 'order', objectId: 'SB-1' }, at(0));

    const first = await ok<AuditList>(call(app, 'query', 'audit.list', {}, admin.cookie));
    expect(first.total).toBe(62);
    expect(first.entries).toHaveLength(first.pageSize);
    expect(first.entries[0]).toMatchObject({ actorEmail: 'system', action: 'order.refunded', objectType: 'order', objectId: 'SB-1' });
    expect(first.entries[1]).toMatchObject({ actorEmail: 'zweite@example.org', objectId: 'p1', ip: '198.51.100.2' });
    const second = await ok<AuditList>(call(app, 'query', 'audit.list', { page: 2 }, admin.cookie));
    expect(second.entries.at(-1)).toMatchObject({ actorEmail: 'cli', action: 'role.granted' });
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(62);

    const byPerson = await ok<AuditList>(call(app, 'query', 'audit.list', { actor: 'cli' }, admin.cookie));
    expect(byPerson.entries.map((entry) => entry.action)).toEqual(['role.granted']);
    const byAction = await ok<AuditList>(
      call(app, 'query', 'audit.list', { action: 'post.edited', actor: 'zweite@example.org' }, admin.cookie),
    );
    expect(byAction.total).toBe(60);
    const none = await ok<AuditList>(call(app, 'query', 'audit.list', { action: 'post.deleted' }, admin.cookie));
    expect(none).toMatchObject({ total: 0, entries: [] });
    expect((await call(app, 'query', 'audit.list', { action: 'post.vanished' }, admin.cookie)).status).toBe(400);

    expect(await ok(call(app, 'query', 'audit.actors', undefined, admin.cookie))).toEqual(['cli', 'system', 'zweite@example.org']);
  });

  it('exports the filtered entries as CSV (BOM, header, defused formulas), and the export is itself recorded', async () => {
    const { app, admin } = await start();
    const now = app.clock.now();
    await recordAudit(app.db, CLI_ACTOR, { action: 'role.granted', objectType: 'user', objectId: '=HYPERLINK("http://evil")' }, now);
    await recordAudit(app.db, SYSTEM_ACTOR, { action: 'order.refunded', objectType: 'order', objectId: 'SB-7' }, now);

    const file = await ok<{ filename: string; csv: string }>(call(app, 'query', 'audit.exportCsv', { actor: 'cli' }, admin.cookie));
    expect(file.filename).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.csv.startsWith('\uFEFFdate,time_utc,person,action,object_type,object_id,ip,detail\r\n')).toBe(true);
    const lines = file.csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`cli,role.granted,user,"'=HYPERLINK(""http://evil"")"`);
    expect(file.csv).not.toContain('SB-7');

    const exported = await single(app, 'audit.exported');
    expect(exported).toMatchObject({ actor_id: admin.user.id, actor_email: admin.email, ip: ADMIN_IP });
    expect(JSON.parse(exported.detail)).toMatchObject({ filename: file.filename, actor: 'cli', action: null });
    // The export's own entry shows in the next export.
    const all = await ok<{ csv: string }>(call(app, 'query', 'audit.exportCsv', {}, admin.cookie));
    expect(all.csv).toContain('audit.exported');
    expect(await ofAction(app, 'audit.exported')).toHaveLength(2);
  });

  it('reads the CSV a page at a time: across page ends (entries of one instant among them) the same rows in the same order', async () => {
    const { app } = await start();
    const now = app.clock.now();
    const second = (n: number) => new Date(now.getTime() - n * 1000);
    const other = { id: null, email: 'zweite@example.org', ip: '198.51.100.2' };
    // Eleven entries; four of them at one instant (ordered by id among themselves), which a page of 2 or 3 cuts through.
    for (const [n, actor, objectId] of [
      [1, CLI_ACTOR, 'a'],
      [2, other, 'b'],
      [3, CLI_ACTOR, 'c'],
      [3, other, 'd'],
      [3, CLI_ACTOR, 'e'],
      [3, CLI_ACTOR, 'f'],
      [4, other, 'g'],
      [5, CLI_ACTOR, 'h'],
      [5, other, 'i'],
      [6, CLI_ACTOR, 'j'],
      [7, CLI_ACTOR, 'k'],
    ] as const) {
      await recordAudit(app.db, actor, { action: 'post.edited', objectType: 'post', objectId }, second(n));
    }
    // What one read of every entry gives, in the engine's own order of the ids.
    const inOneRead = async (actor?: string) =>
      (
        await app.db
          .selectFrom('audit_log')
          .select('object_id')
          .$if(actor !== undefined, (query) => query.where('actor_email', '=', actor as string))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((row) => row.object_id);
    const objectIds = (csv: string) =>
      csv
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[5]);

    const filters: AuditFilter[] = [{ actor: undefined }, { actor: 'cli' }];
    for (const filter of filters) {
      const whole = await exportAuditCsv(app.db, filter, now);
      const expected = await inOneRead(filter.actor);
      expect(expected).toHaveLength(filter.actor ? 7 : 11);
      expect(objectIds(whole.csv), JSON.stringify(filter)).toEqual(expected);
      for (const pageRows of [1, 2, 3, expected.length, expected.length + 1]) {
        const paged = await exportAuditCsv(app.db, filter, now, pageRows);
        expect(paged, `${JSON.stringify(filter)} in pages of ${pageRows}`).toEqual(whole);
      }
    }
  });

  it('labels every action the server can write (the select and the table have one for each)', async () => {
    const { AUDIT_ACTION_LABELS } = await import('@client/features/audit/audit-labels');
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe('retention', () => {
  it('deletes entries older than AUDIT_RETENTION_DAYS and keeps the newer ones', async () => {
    const { app } = await start({ AUDIT_RETENTION_DAYS: '30' });
    expect(app.config.retention.auditDays).toBe(30);
    const now = app.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await recordAudit(app.db, CLI_ACTOR, { action: 'role.granted', objectId: 'old' }, daysAgo(31));
    await recordAudit(app.db, CLI_ACTOR, { action: 'role.granted', objectId: 'edge' }, daysAgo(30 - 1 / 24));
    await recordAudit(app.db, CLI_ACTOR, { action: 'role.granted', objectId: 'new' }, daysAgo(1));

    const counts = await applyRetention(app.db, now, app.config.retention);
    expect(counts.auditEntries).toBe(1);
    expect((await entries(app)).map((entry) => entry.object_id).sort()).toEqual(['edge', 'new']);
  });

  it('keeps entries 730 days unless told otherwise', () => {
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBe(730);
    expect(parseConfig({}).retention.auditDays).toBe(DEFAULT_AUDIT_RETENTION_DAYS);
    expect(parseConfig({ AUDIT_RETENTION_DAYS: '90' }).retention.auditDays).toBe(90);
  });
});
