/**
 * /donations-admin's procedures over real HTTP (donationsAdmin.list / .totals / .exportCsv): the
 * filters, the money per team month and year with a refund taken off, the active monthly donors, the
 * Stripe dashboard links (test vs live key), the treasurer's CSV (BOM, defused formulas, content) and
 * that only admins get any of it. Rows are written straight into the tables: this is about what the
 * operators see, not about how the webhook records them (donations-webhook tests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DonationAdminList, DonationTotals } from '@shared/schemas/donations-admin';
import { stripeDashboardUrl } from '@server/donations/admin';
import { connectDatabase, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import type { DonationMode, DonationPaymentStatus, DonationStatus } from '@server/db/schema';
import { createLogger } from '@server/lib/logger';
import { migrations } from '../../migrations/index';
import { signedInUser } from '../support/accounts';
import { trpcQuery } from '../support/http';
import { makeTempDir } from '../support/temp-dir';
import { testDatabase } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
let closeDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await closeDatabase?.();
  closeDatabase = undefined;
});

let sequence = 0;

type DonationSeed = {
  mode: DonationMode;
  status: DonationStatus;
  amountCents: number;
  createdAt: string;
  email?: string;
  name?: string | null;
  locale?: string;
  subscription?: string;
  paymentIntent?: string;
  /** `refundedCents`: what went back of it (Stripe's charge.amount_refunded); part of it while `paid`. */
  payments?: Array<{ paidAt: string; status?: DonationPaymentStatus; amountCents?: number; refundedCents?: number }>;
  /** The formal receipt's addressee from Stripe (above the simplified-receipt limit). */
  receipt?: Partial<Record<'receipt_name' | 'receipt_line1' | 'receipt_postal_code' | 'receipt_city' | 'receipt_country', string>>;
};

async function seedDonation(target: TestApp, seed: DonationSeed): Promise<string> {
  const id = `don_${++sequence}`;
  await target.db
    .insertInto('donations')
    .values({
      id,
      mode: seed.mode,
      amount_cents: seed.amountCents,
      currency: 'eur',
      status: seed.status,
      donor_email: seed.email ?? `donor${sequence}@example.org`,
      donor_name: seed.name === undefined ? `Donor ${sequence}` : seed.name,
      locale: seed.locale ?? 'de',
      stripe_session_id: `cs_test_${sequence}`,
      stripe_customer_id: seed.mode === 'monthly' ? `cus_${sequence}` : null,
      stripe_subscription_id: seed.subscription ?? null,
      stripe_payment_intent_id: seed.paymentIntent ?? null,
      created_at: seed.createdAt,
      updated_at: seed.createdAt,
      confirmed_at: seed.payments?.[0]?.paidAt ?? null,
      ...seed.receipt,
    })
    .execute();
  for (const [index, payment] of (seed.payments ?? []).entries()) {
    await target.db
      .insertInto('donation_payments')
      .values({
        id: `${id}_pay${index}`,
        donation_id: id,
        amount_cents: payment.amountCents ?? seed.amountCents,
        currency: 'eur',
        status: payment.status ?? 'paid',
        stripe_invoice_id: seed.mode === 'monthly' ? `in_${id}_${index}` : null,
        stripe_payment_intent_id: seed.mode === 'one_time' ? (seed.paymentIntent ?? `pi_${id}`) : `pi_${id}_${index}`,
        stripe_charge_id: `ch_${id}_${index}`,
        ...(payment.refundedCents === undefined ? {} : { refunded_cents: payment.refundedCents }),
        paid_at: payment.paidAt,
        created_at: payment.paidAt,
      })
      .execute();
  }
  return id;
}

/**
 * The ledger most tests read: in team time (Europe/Berlin),
 * - a 25 € gift in January 2026, paid;
 * - a 10 € pledge from January with invoices paid in January, February and March (running);
 * - a 100 € gift paid on 1 March 00:30 Berlin time (28 Feb 23:30 UTC: March, not February), refunded;
 * - a 50 € gift in March, paid, whose donor's name starts with "=" (a formula in a spreadsheet);
 * - a pledge from March, cancelled after one payment; a SEPA gift still pending; a session that expired;
 * - a 500 € gift from December 2025, with the formal receipt's name and address from Stripe.
 */
async function seedLedger(target: TestApp) {
  const ids = {
    gift: await seedDonation(target, {
      mode: 'one_time',
      status: 'paid',
      amountCents: 2500,
      createdAt: '2026-01-10T09:00:00.000Z',
      paymentIntent: 'pi_gift',
      name: 'Jürgen Müller',
      payments: [{ paidAt: '2026-01-10T09:01:00.000Z' }],
    }),
    pledge: await seedDonation(target, {
      mode: 'monthly',
      status: 'active',
      amountCents: 1000,
      createdAt: '2026-01-15T12:00:00.000Z',
      subscription: 'sub_pledge',
      locale: 'en',
      payments: [{ paidAt: '2026-01-15T12:01:00.000Z' }, { paidAt: '2026-02-15T12:01:00.000Z' }, { paidAt: '2026-03-15T12:01:00.000Z' }],
    }),
    refunded: await seedDonation(target, {
      mode: 'one_time',
      status: 'refunded',
      amountCents: 10_000,
      createdAt: '2026-02-28T23:29:00.000Z',
      paymentIntent: 'pi_refunded',
      payments: [{ paidAt: '2026-02-28T23:30:00.000Z', status: 'refunded' }],
    }),
    formula: await seedDonation(target, {
      mode: 'one_time',
      status: 'paid',
      amountCents: 5000,
      createdAt: '2026-03-05T08:00:00.000Z',
      paymentIntent: 'pi_formula',
      name: '=HYPERLINK("http://evil.example","click")',
      email: '+cmd@example.org',
      locale: 'fr',
      payments: [{ paidAt: '2026-03-05T08:01:00.000Z' }],
    }),
    cancelled: await seedDonation(target, {
      mode: 'monthly',
      status: 'cancelled',
      amountCents: 2000,
      createdAt: '2026-03-01T10:00:00.000Z',
      subscription: 'sub_cancelled',
      payments: [{ paidAt: '2026-03-01T10:01:00.000Z' }],
    }),
    pending: await seedDonation(target, {
      mode: 'one_time',
      status: 'pending',
      amountCents: 3000,
      createdAt: '2026-03-10T10:00:00.000Z',
      paymentIntent: 'pi_pending',
    }),
    expired: await seedDonation(target, { mode: 'one_time', status: 'expired', amountCents: 700, createdAt: '2026-03-11T10:00:00.000Z' }),
    older: await seedDonation(target, {
      mode: 'one_time',
      status: 'paid',
      amountCents: 50_000,
      createdAt: '2025-12-20T10:00:00.000Z',
      paymentIntent: 'pi_older',
      payments: [{ paidAt: '2025-12-20T10:01:00.000Z' }],
      receipt: {
        receipt_name: 'Erika Mustermann',
        receipt_line1: 'Domkloster 4',
        receipt_postal_code: '50667',
        receipt_city: 'Köln',
        receipt_country: 'DE',
      },
    }),
  };
  return ids;
}

async function adminApp(env: Record<string, string> = {}) {
  app = await startTestApp(env);
  const { cookie } = await signedInUser(app, { admin: true });
  return { app, cookie };
}

async function query<T>(target: TestApp, cookie: string | undefined, path: string, input?: unknown) {
  const { status, headers, body } = await trpcQuery(target.url, `donationsAdmin.${path}`, input, { cookie });
  return { status, headers, appCode: body.error?.data.appCode ?? null, data: body.result?.data as T };
}

describe('donationsAdmin', () => {
  it('is for admins only: 401 signed out, 403 for a plain user, for the list, the totals and the CSV', async () => {
    const { app, cookie } = await adminApp();
    await seedLedger(app);
    const user = await signedInUser(app);
    for (const [path, input] of [
      ['list', {}],
      ['totals', undefined],
      ['exportCsv', {}],
    ] as const) {
      expect(await query(app, undefined, path, input)).toMatchObject({ status: 401, appCode: 'UNAUTHENTICATED', data: undefined });
      expect(await query(app, user.cookie, path, input)).toMatchObject({ status: 403, appCode: 'FORBIDDEN', data: undefined });
      const allowed = await query(app, cookie, path, input);
      expect(allowed.status).toBe(200);
      // An admin's answer is kept by nobody on the way.
      expect(allowed.headers.get('cache-control')).toContain('no-store');
    }
  });

  it('lists donations newest first, with what arrived for each, and narrows by month, mode and status', async () => {
    const { app, cookie } = await adminApp();
    const ids = await seedLedger(app);
    const all = (await query<DonationAdminList>(app, cookie, 'list', {})).data;
    expect(all.total).toBe(8);
    expect(all.donations.map((d) => d.id)).toEqual([
      ids.expired,
      ids.pending,
      ids.formula,
      ids.cancelled,
      ids.refunded,
      ids.pledge,
      ids.gift,
      ids.older,
    ]);
    const pledge = all.donations.find((d) => d.id === ids.pledge)!;
    expect(pledge).toMatchObject({
      mode: 'monthly',
      status: 'active',
      amountCents: 1000,
      paymentsReceived: 3,
      receivedCents: 3000,
      locale: 'en',
    });
    // A refunded payment is not money received.
    expect(all.donations.find((d) => d.id === ids.refunded)).toMatchObject({ paymentsReceived: 0, receivedCents: 0 });
    // Above the limit: where the formal receipt goes; none below it.
    expect(all.donations.find((d) => d.id === ids.older)?.receiptAddress).toEqual({
      name: 'Erika Mustermann',
      line1: 'Domkloster 4',
      line2: null,
      postalCode: '50667',
      city: 'Köln',
      country: 'DE',
    });
    expect(pledge.receiptAddress).toBeNull();

    const ids_ = async (input: Record<string, unknown>) =>
      (await query<DonationAdminList>(app, cookie, 'list', input)).data.donations.map((d) => d.id);
    // March in Berlin: made in March (the refunded gift at 00:29 on 1 March Berlin time is one), or the
    // January pledge, whose March invoice was paid.
    expect(await ids_({ month: '2026-03' })).toEqual([ids.expired, ids.pending, ids.formula, ids.cancelled, ids.refunded, ids.pledge]);
    expect(await ids_({ month: '2026-02' })).toEqual([ids.pledge]);
    expect(await ids_({ month: '2025-12' })).toEqual([ids.older]);
    expect(await ids_({ month: '2026-04' })).toEqual([]);
    expect(await ids_({ mode: 'monthly' })).toEqual([ids.cancelled, ids.pledge]);
    expect(await ids_({ status: 'paid' })).toEqual([ids.formula, ids.gift, ids.older]);
    expect(await ids_({ month: '2026-03', mode: 'one_time', status: 'pending' })).toEqual([ids.pending]);

    // Pages of the given size, the total counting all matches.
    const second = (await query<DonationAdminList>(app, cookie, 'list', { page: 2 })).data;
    expect(second).toMatchObject({ page: 2, total: 8, donations: [] });
  });

  it('refuses a malformed filter', async () => {
    const { app, cookie } = await adminApp();
    for (const input of [{ month: '2026-13' }, { month: '2026-3' }, { mode: 'weekly' }, { status: 'stolen' }, { page: 0 }])
      expect((await query(app, cookie, 'list', input)).status).toBe(400);
  });

  it('sums the money per team month and year, one-time and monthly apart, a refund taken off; counts active pledges', async () => {
    const { app, cookie } = await adminApp();
    await seedLedger(app);
    const totals = (await query<DonationTotals>(app, cookie, 'totals')).data;
    expect(totals.activeMonthlyDonors).toBe(1);
    expect(totals.activeMonthlyCents).toBe(1000);
    expect(totals.years.map((year) => year.period)).toEqual(['2026', '2025']);
    const [y2026, y2025] = totals.years;
    // 2026: one-time 25 + 50 (the 100 € refund is not counted), monthly 3 × 10 + 20; refunded 100.
    expect(y2026).toMatchObject({ period: '2026', oneTimeCents: 7500, monthlyCents: 5000, refundedCents: 10_000, payments: 7 });
    expect(y2026!.months).toEqual([
      { period: '2026-03', oneTimeCents: 5000, monthlyCents: 3000, refundedCents: 10_000, payments: 4 },
      { period: '2026-02', oneTimeCents: 0, monthlyCents: 1000, refundedCents: 0, payments: 1 },
      { period: '2026-01', oneTimeCents: 2500, monthlyCents: 1000, refundedCents: 0, payments: 2 },
    ]);
    expect(y2025).toMatchObject({ period: '2025', oneTimeCents: 50_000, monthlyCents: 0, refundedCents: 0, payments: 1 });
  });

  it('a payment refunded in part: what stayed is received and summed, what went back is refunded, in the list, the totals and the CSV', async () => {
    const { app, cookie } = await adminApp();
    const gift = await seedDonation(app, {
      mode: 'one_time',
      status: 'paid',
      amountCents: 2500,
      createdAt: '2026-03-05T08:00:00.000Z',
      paymentIntent: 'pi_part',
      payments: [{ paidAt: '2026-03-05T08:01:00.000Z', refundedCents: 1000 }],
    });
    const pledge = await seedDonation(app, {
      mode: 'monthly',
      status: 'active',
      amountCents: 1000,
      createdAt: '2026-03-01T10:00:00.000Z',
      subscription: 'sub_part',
      payments: [{ paidAt: '2026-03-01T10:01:00.000Z', refundedCents: 300 }, { paidAt: '2026-04-01T10:01:00.000Z' }],
    });
    const whole = await seedDonation(app, {
      mode: 'one_time',
      status: 'refunded',
      amountCents: 4000,
      createdAt: '2026-03-06T08:00:00.000Z',
      paymentIntent: 'pi_whole',
      payments: [{ paidAt: '2026-03-06T08:01:00.000Z', status: 'refunded', refundedCents: 4000 }],
    });

    const list = (await query<DonationAdminList>(app, cookie, 'list', {})).data.donations;
    expect(list.find((d) => d.id === gift)).toMatchObject({ paymentsReceived: 1, receivedCents: 1500, partlyRefundedCents: 1000 });
    expect(list.find((d) => d.id === pledge)).toMatchObject({ paymentsReceived: 2, receivedCents: 1700, partlyRefundedCents: 300 });
    // Refunded whole: nothing received, and no part of a kept payment went back.
    expect(list.find((d) => d.id === whole)).toMatchObject({ paymentsReceived: 0, receivedCents: 0, partlyRefundedCents: 0 });

    const totals = (await query<DonationTotals>(app, cookie, 'totals')).data;
    expect(totals.years).toEqual([
      {
        period: '2026',
        oneTimeCents: 1500,
        monthlyCents: 1700,
        refundedCents: 5300,
        payments: 4,
        months: [
          { period: '2026-04', oneTimeCents: 0, monthlyCents: 1000, refundedCents: 0, payments: 1 },
          { period: '2026-03', oneTimeCents: 1500, monthlyCents: 700, refundedCents: 5300, payments: 3 },
        ],
      },
    ]);

    const { data } = await query<{ filename: string; csv: string }>(app, cookie, 'exportCsv', { month: '2026-03' });
    const lines = data.csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]?.split(',').at(-1)).toBe('refunded_amount');
    // The payment as it arrived, paid, with what went back of it in the last column.
    expect(lines.slice(1).map((line) => [line.split(',').slice(2, 6).join(','), line.split(',').at(-1)])).toEqual([
      ['10.00,EUR,monthly,paid', '3.00'],
      ['25.00,EUR,one_time,paid', '10.00'],
      ['40.00,EUR,one_time,refunded', '40.00'],
    ]);
  });

  it('puts a payment at 23:30 and one at 00:30 Cologne time into their own team months, in winter and summer time', async () => {
    const { app, cookie } = await adminApp();
    const paidAt = (iso: string, amountCents: number) => ({ paidAt: iso, amountCents });
    await seedDonation(app, {
      mode: 'monthly',
      status: 'active',
      amountCents: 1,
      createdAt: '2025-02-01T10:00:00.000Z',
      payments: [
        // Winter time (UTC+1): 28 February 23:30 is February, 1 March 00:30 is March.
        paidAt('2025-02-28T22:30:00.000Z', 1),
        paidAt('2025-02-28T23:30:00.000Z', 2),
        // Summer time (UTC+2), two days after the switch: 31 March 23:30 is March, 1 April 00:30 is April.
        paidAt('2025-03-31T21:30:00.000Z', 4),
        paidAt('2025-03-31T22:30:00.000Z', 8),
        // Summer time: 30 June 23:30 is June, 1 July 00:30 is July; 1 July 02:30 (00:30 UTC) too.
        paidAt('2025-06-30T21:30:00.000Z', 16),
        paidAt('2025-06-30T22:30:00.000Z', 32),
        paidAt('2025-07-01T00:30:00.000Z', 64),
        // Winter time at the turn of the year: 31 December 23:30 is 2025, 1 January 00:30 is 2026.
        paidAt('2025-12-31T22:30:00.000Z', 128),
        paidAt('2025-12-31T23:30:00.000Z', 256),
      ],
    });
    const totals = (await query<DonationTotals>(app, cookie, 'totals')).data;
    const months = totals.years.flatMap((year) => year.months.map((month) => [month.period, month.monthlyCents, month.payments]));
    expect(months).toEqual([
      ['2026-01', 256, 1],
      ['2025-12', 128, 1],
      ['2025-07', 96, 2],
      ['2025-06', 16, 1],
      ['2025-04', 8, 1],
      ['2025-03', 6, 2],
      ['2025-02', 1, 1],
    ]);
    expect(totals.years.map((year) => [year.period, year.monthlyCents, year.payments])).toEqual([
      ['2026', 256, 1],
      ['2025', 255, 8],
    ]);
  });

  it('links each donation to its page in the Stripe dashboard, test or live after the key', async () => {
    const { app, cookie } = await adminApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_test_fake' });
    const ids = await seedLedger(app);
    const all = (await query<DonationAdminList>(app, cookie, 'list', {})).data.donations;
    const link = (id: string) => all.find((d) => d.id === id)!.stripeUrl;
    expect(link(ids.gift)).toBe('https://dashboard.stripe.com/test/payments/pi_gift');
    expect(link(ids.pledge)).toBe('https://dashboard.stripe.com/test/subscriptions/sub_pledge');
    expect(link(ids.expired)).toBeNull();

    const live = { secretKey: 'sk_live_abc', webhookSecret: 'whsec_x', apiUrl: undefined };
    expect(stripeDashboardUrl(live, { stripe_subscription_id: null, stripe_payment_intent_id: 'pi_1' })).toBe(
      'https://dashboard.stripe.com/payments/pi_1',
    );
    expect(stripeDashboardUrl(live, { stripe_subscription_id: 'sub_1', stripe_payment_intent_id: null })).toBe(
      'https://dashboard.stripe.com/subscriptions/sub_1',
    );
    // Without Stripe configured any more, old donations still link (to test mode, the safe guess).
    expect(stripeDashboardUrl(null, { stripe_subscription_id: null, stripe_payment_intent_id: 'pi_1' })).toBe(
      'https://dashboard.stripe.com/test/payments/pi_1',
    );
  });

  it('exports the payments as CSV for the treasurer: BOM, one line per payment, formulas defused', async () => {
    const { app, cookie } = await adminApp();
    const ids = await seedLedger(app);
    const { data } = await query<{ filename: string; csv: string }>(app, cookie, 'exportCsv', {});
    expect(data.csv.startsWith('\uFEFFdate,paid_at,amount,currency,mode,status,donor_name,donor_email,language,')).toBe(true);
    const lines = data.csv.slice(1).trimEnd().split('\r\n');
    // The header and the 8 payments that arrived (refunded one included); pending and expired have none.
    expect(lines).toHaveLength(9);
    // Oldest first, like a cash book.
    const n = ids.older.slice('don_'.length);
    expect(lines[1]).toBe(
      `2025-12-20,2025-12-20T10:01:00.000Z,500.00,EUR,one_time,paid,Donor ${n},donor${n}@example.org,de,${ids.older},cs_test_${n},,,pi_older,ch_${ids.older}_0,` +
        'Erika Mustermann,Domkloster 4,,50667,Köln,DE,0.00',
    );
    expect(
      lines[0]?.endsWith(',receipt_name,receipt_line1,receipt_line2,receipt_postal_code,receipt_city,receipt_country,refunded_amount'),
    ).toBe(true);
    // Below the limit the address columns stay empty.
    expect(lines[2]).toContain(',25.00,EUR,one_time,paid,Jürgen Müller,');
    expect(lines[2]?.endsWith(',,,,,,,0.00')).toBe(true);
    // 23:30 UTC on 28 February is 1 March in Berlin: the treasurer's date.
    expect(lines.find((line) => line.includes('pi_refunded'))).toMatch(
      /^2026-03-01,2026-02-28T23:30:00\.000Z,100\.00,EUR,one_time,refunded,.*,100\.00$/,
    );
    expect(lines.filter((line) => line.includes(',monthly,'))).toHaveLength(4);
    expect(lines.find((line) => line.includes('pi_formula'))).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""click"")",'+cmd@example.org,fr,`,
    );
    expect(data.csv).not.toContain(',=HYPERLINK');
    expect(data.csv).not.toContain(',+cmd');
    expect(data.csv).not.toContain('pi_pending');
    expect(data.filename).toBe('donations-2026-03-02.csv');

    const march = (await query<{ filename: string; csv: string }>(app, cookie, 'exportCsv', { month: '2026-03', mode: 'monthly' })).data;
    expect(march.filename).toBe('donations-2026-03-monthly.csv');
    const marchLines = march.csv.slice(1).trimEnd().split('\r\n').slice(1);
    expect(marchLines.map((line) => line.split(',').slice(0, 6).join(','))).toEqual([
      '2026-03-01,2026-03-01T10:01:00.000Z,20.00,EUR,monthly,paid',
      '2026-03-15,2026-03-15T12:01:00.000Z,10.00,EUR,monthly,paid',
    ]);
  });
});

describe('migration 0026', () => {
  it('stores the whole amount as refunded for a payment refunded before it, nothing for the others', async () => {
    const temp = makeTempDir();
    const database = await testDatabase(temp.dir);
    const db: Db = connectDatabase(database.url).db;
    closeDatabase = async () => {
      await db.destroy();
      await database.drop();
      temp.remove();
    };
    const logger = createLogger('silent');
    await migrateToLatest(db, logger, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0026')));
    const at = '2026-03-02T10:00:00.000Z';
    await db
      .insertInto('donations')
      .values({
        id: 'don_old',
        mode: 'monthly',
        amount_cents: 1000,
        currency: 'eur',
        status: 'active',
        donor_email: 'old@example.org',
        donor_name: null,
        locale: 'de',
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [id, status] of [
      ['pay_paid', 'paid'],
      ['pay_refunded', 'refunded'],
      ['pay_failed', 'failed'],
    ] as const) {
      await db
        .insertInto('donation_payments')
        .values({ id, donation_id: 'don_old', amount_cents: 1000, currency: 'eur', status, paid_at: at, created_at: at })
        .execute();
    }
    await migrateToLatest(db, logger);
    const rows = await db.selectFrom('donation_payments').select(['id', 'refunded_cents']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, Number(row.refunded_cents)])).toEqual([
      ['pay_failed', 0],
      ['pay_paid', 0],
      ['pay_refunded', 1000],
    ]);
  });
});
