import sharp from 'sharp';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_MIN_FILL_MS } from '@shared/constants';
import { MEDIA_UPLOAD_PATH } from '@shared/media';
import { errorShapeOf } from '@server/trpc';
import type { MediaStorage } from '@server/media/storage';
import { signedInUser } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { onPostgres } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

// A write that finds the disk full (QA: SQLite on a 3 MB tmpfs) must say so: the original error in the
// log with its code, a translated STORAGE_FULL for the visitor, never "cannot rollback - no transaction
// is active" (SQLite had rolled back already) and a bare "Internal error". SQLite's max_page_count makes
// it answer SQLITE_FULL exactly as on a full disk.

const STORAGE_FULL_DE =
  'Der Speicher des Servers ist voll, daher wurde nichts gespeichert. Bitte wenden Sie sich an den Betreiber der Website.';

let app: TestApp;
afterEach(() => app.close());

/** No page more than the database has now (and none free in it): the next write that needs one fails with SQLITE_FULL. */
async function fillTheDisk(target: TestApp): Promise<void> {
  await sql.raw('VACUUM').execute(target.db);
  await sql.raw('PRAGMA max_page_count = 1').execute(target.db);
}

function logsMentioning(target: TestApp, text: string) {
  return target.logs.filter((line) => JSON.stringify(line).includes(text));
}

async function uploadPicture(target: TestApp, cookie: string) {
  const png = await sharp({
    create: { width: 1800, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png as BlobPart], { type: 'image/png' }), 'photo.png');
  return target.request(MEDIA_UPLOAD_PATH, { method: 'POST', body: form, headers: { cookie } });
}

describe('a picture upload when the storage is full', () => {
  it.skipIf(onPostgres)('is refused with a translated STORAGE_FULL (507), and the log names SQLITE_FULL', async () => {
    app = await startTestApp();
    const { cookie } = await signedInUser(app, { admin: true });
    await fillTheDisk(app);

    const response = await uploadPicture(app, cookie);
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ error: { code: 'STORAGE_FULL', message: STORAGE_FULL_DE } });

    const logged = app.logs.find((line) => line.msg === "picture upload failed: the server's storage is full");
    expect(logged).toMatchObject({ level: 'error', error: { code: 'SQLITE_FULL' } });
    expect(logsMentioning(app, 'cannot rollback')).toEqual([]);
  });

  it("is refused the same way when PostgreSQL's disk is full (53100 disk_full)", async () => {
    const diskFull = Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100' });
    const fullStore: MediaStorage = { put: () => Promise.reject(diskFull), get: async () => null, delete: async () => undefined };
    app = await startTestApp({}, { appOverrides: { media: fullStore } });
    const { cookie } = await signedInUser(app, { admin: true });

    const response = await uploadPicture(app, cookie);
    expect(response.status).toBe(507);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('STORAGE_FULL');
    expect(app.logs.find((line) => line.msg === "picture upload failed: the server's storage is full")).toMatchObject({
      error: { code: '53100' },
    });
  });
});

describe('any API write when the storage is full', () => {
  it.skipIf(onPostgres)('answers STORAGE_FULL (503) without the database text, and logs the error with its code', async () => {
    app = await startTestApp();
    const token = await trpcQuery(app.url, 'contact.formToken');
    app.clock.advance(CONTACT_MIN_FILL_MS + 1000);
    await fillTheDisk(app);

    const { status, body } = await trpcMutation(app.url, 'contact.send', {
      formToken: (token.body.result as { data: { token: string } }).data.token,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      organization: '',
      inquiryType: 'general',
      subject: 'Eine lange Nachricht',
      message: 'Guten Tag, '.repeat(900),
      locale: 'de',
      website: '',
    });
    expect(status).toBe(503);
    expect(body.error?.data.appCode).toBe('STORAGE_FULL');
    expect(body.error?.message).toBe('Storage full');

    const logged = app.logs.find((line) => line.msg === "a write failed: the server's storage is full");
    expect(logged).toMatchObject({ level: 'error', path: 'contact.send', error: { code: 'SQLITE_FULL' } });
    expect(logsMentioning(app, 'cannot rollback')).toEqual([]);
  });

  it.each([
    ['SQLite', 'SQLITE_FULL'],
    ['PostgreSQL', '53100'],
  ])('maps %s (%s) to STORAGE_FULL, in one place for every procedure', (_engine, code) => {
    const shape = errorShapeOf(Object.assign(new Error('database or disk is full'), { code }));
    expect(shape.data).toMatchObject({ appCode: 'STORAGE_FULL', httpStatus: 503 });
    expect(shape.message).toBe('Storage full');
  });
});

describe('a transaction that SQLite rolled back itself', () => {
  it.skipIf(onPostgres)('throws the error that ended it (SQLITE_FULL), not the failed ROLLBACK after it', async () => {
    app = await startTestApp();
    await fillTheDisk(app);
    const write = app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_state')
        .values({ key: 'filler', value: 'x'.repeat(200_000) })
        .execute();
    });
    await expect(write).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    // The connection is usable afterwards, outside any transaction.
    await sql.raw('PRAGMA max_page_count = 1000000').execute(app.db);
    await app.db.insertInto('app_state').values({ key: 'after', value: 'ok' }).execute();
  });
});
