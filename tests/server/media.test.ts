import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '@shared/constants';
import { mediaSources, MEDIA_UPLOAD_PATH, type MediaUploadResult } from '@shared/media';
import { createUser, sessionCookie, signedInUser } from '../support/accounts';
import { callerFor } from '../support/caller';
import { startTestApp, type TestApp } from '../support/test-app';
import { onPostgres } from '../support/test-database';

let app: TestApp;
let adminCookie: string;
beforeAll(async () => {
  app = await startTestApp();
  adminCookie = (await signedInUser(app, { admin: true })).cookie;
});
afterAll(() => app.close());

/** A photo-like PNG that carries a camera's EXIF block with the place it was taken (GPS). */
async function pngWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Location' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 56/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 57/1 0/1' },
    })
    .png()
    .toBuffer();
}

function upload(
  target: TestApp,
  bytes: Uint8Array | string,
  options: { name?: string; type?: string; cookie?: string | null; lang?: string; origin?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type: options.type ?? 'image/png' }), options.name ?? 'photo.png');
  const headers: Record<string, string> = {};
  const cookie = options.cookie === undefined ? adminCookie : options.cookie;
  if (cookie) headers.cookie = cookie;
  if (options.origin) headers.origin = options.origin;
  return target.request(`${MEDIA_UPLOAD_PATH}${options.lang ? `?lang=${options.lang}` : ''}`, { method: 'POST', body: form, headers });
}

async function uploaded(target: TestApp, bytes: Uint8Array): Promise<MediaUploadResult> {
  const response = await upload(target, bytes);
  expect(response.status).toBe(201);
  return (await response.json()) as MediaUploadResult;
}

async function refusal(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('an uploaded picture', () => {
  let result: MediaUploadResult;
  const input = pngWithGps(2000, 1200);
  beforeAll(async () => {
    result = await uploaded(app, await input);
  });

  it('is answered with its address and size', async () => {
    // The precondition: the upload itself carries EXIF with GPS.
    expect((await sharp(await input).metadata()).exif?.toString('latin1')).toContain('TestCam');
    expect(result.url).toMatch(/^\/media\/[A-Za-z0-9_-]+-2000x1200$/);
    expect(result).toMatchObject({ width: 2000, height: 1200 });
  });

  it.each([
    [480, 288],
    [960, 576],
    [1600, 960],
  ])('becomes a %i px variant in AVIF, WebP and JPEG, each without metadata', async (width, height) => {
    for (const [extension, contentType, format] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const response = await app.request(`${result.url}/${width}.${extension}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format, width, height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
  });

  it('keeps no metadata in the stored original either', async () => {
    const rows = await app.db
      .selectFrom('media_files')
      .select(['variant', 'bytes'])
      .where('media_id', '=', result.url.slice('/media/'.length))
      .execute();
    expect(rows.map((row) => row.variant).sort()).toEqual(
      ['1600.avif', '1600.jpg', '1600.webp', '480.avif', '480.jpg', '480.webp', '960.avif', '960.jpg', '960.webp', 'original'].sort(),
    );
    for (const row of rows) expect(Buffer.from(row.bytes).toString('latin1')).not.toContain('TestCam');
  });

  it('is served with its type, immutable caching, an ETag and nosniff; /media/<id> is the largest JPEG', async () => {
    const response = await app.request(result.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1600 });

    const again = await app.request(result.url, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  it('is listed in srcset exactly by the files that exist', async () => {
    const sources = mediaSources(result.url);
    expect(sources).toMatchObject({ width: 1600, height: 960 });
    for (const srcset of [sources?.avif, sources?.webp, sources?.jpeg]) {
      const paths = (srcset ?? '').split(', ').map((entry) => entry.split(' ')[0] as string);
      expect(paths).toHaveLength(3);
      for (const path of paths) expect((await app.request(path, { method: 'HEAD' })).status).toBe(200);
    }
  });
});

describe('a small picture', () => {
  it('is never scaled up: its variants stop at its own width', async () => {
    const result = await uploaded(
      app,
      await sharp({ create: { width: 700, height: 350, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    expect(mediaSources(result.url)?.jpeg).toBe(`${result.url}/480.jpg 480w, ${result.url}/700.jpg 700w`);
    expect((await app.request(`${result.url}/700.webp`)).status).toBe(200);
    expect((await app.request(`${result.url}/960.webp`)).status).toBe(404);
  });
});

describe('serving', () => {
  it.each([
    '/media/AAAAAAAAAAAAAAAAAAAA-10x10',
    '/media/AAAAAAAAAAAAAAAAAAAA-10x10/480.jpg',
    '/media/not-an-id',
    '/media/AAAAAAAAAAAAAAAAAAAA-10x10/../x',
  ])('answers 404 for %s', async (path) => {
    expect((await app.request(path)).status).toBe(404);
  });
});

describe('a refused upload', () => {
  it('refuses an SVG, named as what it is', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const response = await upload(app, svg, { name: 'logo.svg', type: 'image/svg+xml' });
    expect(response.status).toBe(415);
    expect(await refusal(response)).toEqual({
      code: 'UNSUPPORTED_TYPE',
      message: 'Diese Datei ist kein Bild im Format JPEG, PNG, WebP oder AVIF.',
    });
  });

  it('refuses an HTML page renamed .png with an image/png type, in the page language', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const response = await upload(app, html, { name: 'photo.png', type: 'image/png', lang: 'en' });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-language')).toBe('en');
    expect(await refusal(response)).toEqual({ code: 'UNSUPPORTED_TYPE', message: 'This file is not a JPEG, PNG, WebP or AVIF image.' });
  });

  it('refuses a file over the size limit', async () => {
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(await pngWithGps(10, 10));
    const response = await upload(app, big, { lang: 'fr' });
    expect(response.status).toBe(413);
    expect(await refusal(response)).toEqual({ code: 'TOO_LARGE', message: 'Le fichier est trop volumineux. 10 Mo au maximum.' });
  });

  it('refuses a request body far over the limit before reading it', async () => {
    const response = await upload(app, new Uint8Array(MEDIA_MAX_BYTES + 256 * 1024));
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect((await refusal(response)).code).toBe('TOO_LARGE');
  });

  it('refuses a small file that would decode to too many pixels (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MEDIA_MAX_BYTES);
    const response = await upload(app, bomb);
    expect(response.status).toBe(413);
    expect((await refusal(response)).code).toBe('TOO_MANY_PIXELS');
  });

  it('refuses a request without a file', async () => {
    const response = await app.request(MEDIA_UPLOAD_PATH, { method: 'POST', body: new FormData(), headers: { cookie: adminCookie } });
    expect(response.status).toBe(400);
    expect((await refusal(response)).code).toBe('NO_FILE');
  });

  it('refuses a visitor who is not signed in (401) and a signed-in non-admin (403)', async () => {
    const png = await pngWithGps(20, 20);
    const anonymous = await upload(app, png, { cookie: null });
    expect(anonymous.status).toBe(401);
    expect(await refusal(anonymous)).toEqual({ code: 'UNAUTHENTICATED', message: 'Bitte melden Sie sich an, um Bilder hochzuladen.' });
    const user = await signedInUser(app);
    const notAdmin = await upload(app, png, { cookie: user.cookie });
    expect(notAdmin.status).toBe(403);
    expect((await refusal(notAdmin)).code).toBe('FORBIDDEN');
    expect(await app.db.selectFrom('media_files').select('media_id').where('uploaded_by', '=', user.user.id).execute()).toEqual([]);
  });

  it('tells an admin without a second factor, when ADMIN_2FA_REQUIRED is set, to set it up first', async () => {
    const strict = await startTestApp({ ADMIN_2FA_REQUIRED: 'true' });
    try {
      const admin = await createUser(strict, { admin: true });
      const response = await upload(strict, await pngWithGps(20, 20), { cookie: await sessionCookie(strict, admin.user.id) });
      expect(response.status).toBe(403);
      expect(await refusal(response)).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        message: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung für Ihr Konto ein.',
      });
    } finally {
      await strict.close();
    }
  });

  it('refuses an upload from another site (origin check)', async () => {
    const response = await upload(app, await pngWithGps(20, 20), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await refusal(response)).code).toBe('FORBIDDEN_ORIGIN');
  });
});

describe('a newsletter with an uploaded picture', () => {
  it('keeps the picture and its descriptions, and its test mail shows the absolute JPEG', async () => {
    const { user } = await createUser(app, { admin: true });
    const caller = await callerFor(app, user);
    const picture = await uploaded(app, await pngWithGps(1200, 600));
    const created = await caller.newsletter.create({
      subjectDe: 'Neuigkeiten',
      bodyDe: 'Die Schule steht.',
      imageUrl: picture.url,
      imageAltDe: 'Kinder vor dem Container',
    });
    const saved = await caller.newsletter.get({ id: created.id });
    expect(saved).toMatchObject({ imageUrl: picture.url, imageAltDe: 'Kinder vor dem Container', imageAltEn: '', imageAltFr: '' });
    const preview = await caller.newsletter.preview({ ...saved, locale: 'de' });
    expect(preview.html).toContain(`<img src="${app.url}${picture.url}/960.jpg" alt="Kinder vor dem Container"`);
    expect((await app.request(`${picture.url}/960.jpg`)).headers.get('content-type')).toBe('image/jpeg');
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('serves a picture uploaded through one process from another', async () => {
    const other = await startTestApp({ DATABASE_URL: app.config.databaseUrl });
    try {
      const result = await uploaded(app, await pngWithGps(1000, 500));
      const response = await other.request(`${result.url}/960.avif`);
      expect(response.status).toBe(200);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'heif', width: 960, height: 480 });
    } finally {
      await other.close();
    }
  });
});
