/**
 * The "Stand" of the terms and the withdrawal information (src-server/legal/text-dates.ts), over real
 * HTTP: the site is started again and again on one database, with its clock at a chosen day, and each
 * start's /agb and /widerruf show their date. A setting that changes a text (KLEINUNTERNEHMER changes the
 * terms' § 3–4, SHOP_RETURN_COSTS the withdrawal information) moves that text's date to the day the site
 * first ran with it; the same settings again, on a later day, leave it; the other text keeps its date.
 * The very first start keeps TERMS_DATE and WITHDRAWAL_DATE. Processes starting together agree.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@shared/schemas/checkout';
import { FAKE_PRINTFUL_TOKEN, type FakePrintful, startFakePrintful } from '../support/fake-printful';
import { textOf } from '../support/html';
import { trpcMutation } from '../support/http';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { quickShopOptions } from '../support/shop-app';
import { makeTempDir } from '../support/temp-dir';
import { startTestApp, type TestApp } from '../support/test-app';
import { onPostgres, testDatabase, type TestDatabase } from '../support/test-database';

let printful: FakePrintful;
let temp: ReturnType<typeof makeTempDir>;
/** The one database every start of a test shares (each test app's own stays unused). */
let database: TestDatabase;
const running: TestApp[] = [];

beforeEach(async () => {
  printful = await startFakePrintful();
  temp = makeTempDir();
  database = await testDatabase(temp.dir);
});
afterEach(async () => {
  for (const app of running.splice(0).reverse()) await app.close();
  await database.drop();
  temp.remove();
  await printful.close();
});

/** The site started on the shared database on `day` (the start-up's clock), with the shop's settings and `env`. */
async function startOn(day: string, env: Record<string, string> = {}): Promise<TestApp> {
  const app = await startTestApp(
    {
      DATABASE_URL: database.url,
      PRINTFUL_API_URL: printful.url,
      PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN,
      SHOP_ORDERS_ENABLED: 'true',
      ...env,
    },
    { ...quickShopOptions, startAt: new Date(`${day}T09:00:00Z`) },
  );
  running.push(app);
  return app;
}

/** A start that only shows its pages: closed again right away, as a process that is restarted. */
async function datesOn(day: string, env: Record<string, string> = {}): Promise<{ terms: string; withdrawal: string }> {
  const app = await startOn(day, env);
  const dates = { terms: await standOf(app, '/agb'), withdrawal: await standOf(app, '/widerruf') };
  running.splice(running.indexOf(app), 1);
  await app.close();
  return dates;
}

/** The page's "Stand: …" line as the server rendered it. */
async function standOf(app: TestApp, path: string): Promise<string> {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const line = /data-testid="legal-date"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return textOf(line).replace(/\u00a0/g, ' ');
}

const CONSTANTS = { terms: 'Stand: 30. November 2026', withdrawal: 'Stand: 25. November 2026' };

describe('the date ("Stand") of the terms and the withdrawal information', () => {
  it('moves for the text a setting changed, to the day the site first ran with it; the same settings again do not move it', async () => {
    // The first start ever, long after the templates' dates: nothing was stored, the constants stand.
    expect(await datesOn('2027-01-10')).toEqual(CONSTANTS);
    // The same settings on a later day: no change.
    expect(await datesOn('2027-01-20')).toEqual(CONSTANTS);

    // KLEINUNTERNEHMER changes § 3 and § 4 of the terms, not the withdrawal information.
    const flipped = { KLEINUNTERNEHMER: 'true' };
    expect(await datesOn('2027-02-03', flipped)).toEqual({ terms: 'Stand: 3. Februar 2027', withdrawal: CONSTANTS.withdrawal });
    // Started again weeks later with the same settings: the day the text changed stays.
    expect(await datesOn('2027-03-15', flipped)).toEqual({ terms: 'Stand: 3. Februar 2027', withdrawal: CONSTANTS.withdrawal });

    // Who bears the return costs is the withdrawal information's: its date moves, the terms' stays.
    const returns = { ...flipped, SHOP_RETURN_COSTS: 'association' };
    expect(await datesOn('2027-04-01', returns)).toEqual({ terms: 'Stand: 3. Februar 2027', withdrawal: 'Stand: 1. April 2027' });

    // Turned back: the text changed again, so it is dated again.
    expect(await datesOn('2027-05-06')).toEqual({ terms: 'Stand: 6. Mai 2027', withdrawal: 'Stand: 6. Mai 2027' });
  });

  it('a change on a day before the template’s own date leaves the template’s date', async () => {
    expect(await datesOn('2026-11-01')).toEqual(CONSTANTS);
    // The text changed on 2 November, but the template shown is dated 30 November: the later date stands.
    expect(await datesOn('2026-11-02', { SHOP_DELIVERY_DAYS: '4-8' })).toEqual(CONSTANTS);
  });

  it('is shown in every language, and stated in the order confirmation’s terms and withdrawal information', async () => {
    await datesOn('2027-01-10');
    const app = await startOn('2027-02-03', { KLEINUNTERNEHMER: 'true' });
    expect(await standOf(app, '/agb?lang=en')).toBe('Last updated: 3 February 2027');
    expect(await standOf(app, '/agb?lang=fr')).toBe('Mise à jour : 3 février 2027');

    const { cookie } = await signedInBuyer(app);
    const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
    const { status, body } = await trpcMutation(app.url, 'orders.create', input, { cookie });
    expect(status, JSON.stringify(body)).toBe(200);
    const order = body.result?.data as CreatedOrder;
    const mail = await app.db.selectFrom('outbox').selectAll().where('kind', '=', 'order_confirmation').executeTakeFirstOrThrow();
    expect(mail.subject).toContain(order.orderNumber);
    for (const part of [mail.text, textOf(mail.html)]) {
      const text = part.replace(/\u00a0/g, ' ');
      // Each text under its heading, then its date.
      expect(text).toMatch(/AGB\s+=*\s*Stand: 3\. Februar 2027/);
      expect(text).toMatch(/Widerrufsbelehrung\s+=*\s*Stand: 25\. November 2026/);
    }
  });

  // Several processes share a PostgreSQL database; an SQLite file is one process's (two starting at once
  // lock each other out in the migrations already).
  it.runIf(onPostgres)('processes that start together with the same new settings agree on one day, and keep it', async () => {
    await datesOn('2027-01-10');
    const flipped = { KLEINUNTERNEHMER: 'true' };
    // Two processes of one deployment on one database, their clocks on either side of midnight.
    const [early, late] = await Promise.all([startOn('2027-02-03', flipped), startOn('2027-02-04', flipped)]);
    const shown = [await standOf(early, '/agb'), await standOf(late, '/agb')];
    expect(['Stand: 3. Februar 2027', 'Stand: 4. Februar 2027']).toContain(shown[0]);
    expect(shown[1]).toBe(shown[0]);
    // A later start with the same settings states the same day.
    expect((await datesOn('2027-03-01', flipped)).terms).toBe(shown[0]);
  });
});
