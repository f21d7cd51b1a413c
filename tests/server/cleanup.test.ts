import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret } from '@server/auth/random-token';
import { createSession } from '@server/auth/session';
import { applyRetention } from '@server/retention/delete';
import { createUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
afterEach(() => app.close());
const DAY = 24 * 60 * 60_000;

describe('applyRetention: the short-lived rows', () => {
  it('removes expired sessions, old tokens, idle rate-limit buckets and old sent mail, and keeps the rest', async () => {
    app = await startTestApp();
    const { user } = await createUser(app);
    const now = app.clock.now();
    const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

    const live = await createSession(app.db, user.id, now);
    const expired = await createSession(app.db, user.id, new Date(now.getTime() - 31 * DAY));
    const token = (id: string, used: string | null, expires: string) => ({
      id,
      user_id: user.id,
      purpose: 'verify_email' as const,
      token_hash: hashSecret(id),
      created_at: iso(-3 * DAY),
      expires_at: expires,
      used_at: used,
    });
    await app.db
      .insertInto('email_tokens')
      .values([
        token('fresh', null, iso(DAY)),
        token('used-long-ago', iso(-2 * DAY), iso(DAY)),
        token('expired-long-ago', null, iso(-2 * DAY)),
      ])
      .execute();
    await app.db
      .insertInto('rate_limit_buckets')
      .values([
        { key: 'recent', window_started_at: iso(-60_000), hits: 1 },
        { key: 'idle', window_started_at: iso(-2 * DAY), hits: 5 },
      ])
      .execute();
    const mail = (id: string, status: 'sent' | 'pending', sentAt: string | null) => ({
      id,
      kind: 'test',
      to: 'a@example.org',
      subject: 's',
      text: 't',
      html: 'h',
      status,
      attempts: 1,
      next_attempt_at: iso(0),
      last_error: null,
      created_at: iso(-40 * DAY),
      sent_at: sentAt,
    });
    await app.db
      .insertInto('outbox')
      .values([mail('old-sent', 'sent', iso(-31 * DAY)), mail('recent-sent', 'sent', iso(-DAY)), mail('pending', 'pending', null)])
      .execute();

    const counts = await applyRetention(app.db, now, app.config.retention);

    expect((await app.db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual([live.session.id]);
    expect(expired.session.id).not.toBe(live.session.id);
    expect((await app.db.selectFrom('email_tokens').select('id').execute()).map((r) => r.id)).toEqual(['fresh']);
    expect((await app.db.selectFrom('rate_limit_buckets').select('key').execute()).map((r) => r.key)).toEqual(['recent']);
    expect((await app.db.selectFrom('outbox').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['pending', 'recent-sent']);
    expect(counts).toMatchObject({ sessions: 1, emailTokens: 2, rateLimitBuckets: 1, sentMails: 1 });
  });
});
