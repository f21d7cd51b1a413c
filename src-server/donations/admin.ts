/**
 * What operators see of the donations (/donations-admin, its CSV and `npm run cli -- donations:list`):
 * the donations themselves (a gift or a pledge, whatever became of it) and the money, which is the
 * payments that arrived. Totals and the CSV count payments; a refunded payment, or the refunded part of
 * one, is shown apart and not in the net sums. Months are the team's calendar months (lib/team-time.ts).
 */
import type {
  AdminDonation,
  DonationAdminList,
  DonationFilter,
  DonationModeName,
  DonationTotal,
  DonationTotals,
} from '@shared/schemas/donations-admin';
import { type AuditActor, recordAudit } from '../audit/record';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { DonationRow } from '../db/schema';
import { toCsv, UTF8_BOM } from '../lib/csv';
import { teamDate, teamDayStart, teamMonth, teamMonthRange } from '../lib/team-time';
import { RECEIPT_COLUMN_NAMES, receiptAddressOf } from './receipt-address';

export const DONATIONS_PAGE_SIZE = 50;

/**
 * Stripe's dashboard page for a donation: its subscription for a pledge, its payment for a gift. Test
 * and live data live under different dashboard paths; which one follows from the secret key's prefix
 * (sk_live_ / rk_live_ is live, anything else — a test key, or no key any more — test).
 */
export function stripeDashboardUrl(
  stripe: Config['stripe'],
  donation: Pick<DonationRow, 'stripe_subscription_id' | 'stripe_payment_intent_id'>,
): string | null {
  const base = /^(sk|rk)_live_/.test(stripe?.secretKey ?? '') ? 'https://dashboard.stripe.com' : 'https://dashboard.stripe.com/test';
  if (donation.stripe_subscription_id) return `${base}/subscriptions/${encodeURIComponent(donation.stripe_subscription_id)}`;
  if (donation.stripe_payment_intent_id) return `${base}/payments/${encodeURIComponent(donation.stripe_payment_intent_id)}`;
  return null;
}

/**
 * The donations matching the filter. A month selects the donations made in it and those with a
 * payment in it, so a pledge from January shows in March when March's invoice was paid.
 */
function filtered(db: Db, filter: DonationFilter) {
  let query = db.selectFrom('donations');
  if (filter.mode) query = query.where('donations.mode', '=', filter.mode);
  if (filter.status) query = query.where('donations.status', '=', filter.status);
  if (filter.month) {
    const { start, end } = teamMonthRange(filter.month);
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('donations.created_at', '>=', start), eb('donations.created_at', '<', end)]),
        eb.exists(
          eb
            .selectFrom('donation_payments')
            .select('donation_payments.id')
            .whereRef('donation_payments.donation_id', '=', 'donations.id')
            .where('donation_payments.paid_at', '>=', start)
            .where('donation_payments.paid_at', '<', end),
        ),
      ]),
    );
  }
  return query;
}

/** A page of donations, newest first, each with what arrived for it so far. */
export async function listDonationsForAdmin(
  db: Db,
  stripe: Config['stripe'],
  filter: DonationFilter,
  page = 1,
  pageSize = DONATIONS_PAGE_SIZE,
): Promise<DonationAdminList> {
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll('donations')
    .orderBy('donations.created_at', 'desc')
    .orderBy('donations.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const received = await receivedByDonation(
    db,
    rows.map((row) => row.id),
  );
  return {
    donations: rows.map((row) => toAdminDonation(row, received.get(row.id), stripe)),
    page,
    pageSize,
    total: Number(count.total),
  };
}

/** What arrived for a donation: the payments kept (not refunded in full), their sum less what went back in part, and that part. */
export type Received = { count: number; cents: number; refundedCents: number };

/** Per donation: how many payments arrived and were kept, what of them stayed, and what went back in part. */
export async function receivedByDonation(db: Db, ids: string[]): Promise<Map<string, Received>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('donation_payments')
    .select((eb) => [
      'donation_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('amount_cents').as('cents'),
      eb.fn.sum<number | string>('refunded_cents').as('refunded'),
    ])
    .where('donation_id', 'in', ids)
    .where('status', '=', 'paid')
    .groupBy('donation_id')
    .execute();
  return new Map(
    rows.map((row) => {
      const refundedCents = Number(row.refunded);
      return [row.donation_id, { count: Number(row.count), cents: Number(row.cents) - refundedCents, refundedCents }];
    }),
  );
}

function toAdminDonation(row: DonationRow, received: Received | undefined, stripe: Config['stripe']): AdminDonation {
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    donorName: row.donor_name,
    donorEmail: row.donor_email,
    receiptAddress: receiptAddressOf(row),
    locale: row.locale,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    paymentsReceived: received?.count ?? 0,
    receivedCents: received?.cents ?? 0,
    partlyRefundedCents: received?.refundedCents ?? 0,
    stripeUrl: stripeDashboardUrl(stripe, row),
  };
}

const emptyTotal = (period: string): DonationTotal => ({ period, oneTimeCents: 0, monthlyCents: 0, refundedCents: 0, payments: 0 });

/**
 * Payments of one mode and status in one stretch of time, summed by the database: their amounts, and what
 * went back of them (the whole amount of a `refunded` one, a part of a `paid` one).
 */
type PaymentSum = { mode: DonationModeName; status: string; cents: number; refundedCents: number; payments: number };

function addPayments(total: DonationTotal, sum: PaymentSum): void {
  total.payments += sum.payments;
  if (sum.status === 'refunded') {
    total.refundedCents += sum.cents;
    return;
  }
  // Paid, some perhaps refunded in part: only what stayed is money received.
  total.refundedCents += sum.refundedCents;
  if (sum.mode === 'monthly') total.monthlyCents += sum.cents - sum.refundedCents;
  else total.oneTimeCents += sum.cents - sum.refundedCents;
}

/**
 * The stretch of time the database sums a payment in, from its paid_at ("2026-03-15T12:01:00.000Z"):
 * its UTC month ("2026-03"), except on the first day and the last days of one ("2026-02-28T23"), its UTC
 * hour. The team's offset from UTC is whole hours and less than a day, so a team month begins and ends
 * within a UTC month's first or last day, and a UTC hour lies in one team month. Literals, not
 * parameters: PostgreSQL groups by the expression only when the select names the same one.
 */
const PAYMENT_STRETCH = sql<string>`case when substr(donation_payments.paid_at, 9, 2) in ('01', '28', '29', '30', '31') then substr(donation_payments.paid_at, 1, 13) else substr(donation_payments.paid_at, 1, 7) end`;

/** The team month ("2026-03") of a stretch PAYMENT_STRETCH names. */
function teamMonthOfStretch(stretch: string): string {
  return stretch.length === 7 ? stretch : teamMonth(`${stretch}:00:00.000Z`);
}

/**
 * The money per year and month (team time), one-time and monthly apart, refunds apart, plus the
 * pledges running now. The database sums the payments per UTC month, or per UTC hour where a team month
 * begins or ends (a team month is not a UTC month), and they are put into team months here: a few rows
 * per month rather than every payment ever made (80,000 after five years took about a second).
 */
export async function donationTotals(db: Db): Promise<DonationTotals> {
  const sums = await db
    .selectFrom('donation_payments')
    .innerJoin('donations', 'donations.id', 'donation_payments.donation_id')
    .select((eb) => [
      PAYMENT_STRETCH.as('stretch'),
      'donations.mode',
      'donation_payments.status',
      eb.fn.sum<number | string>('donation_payments.amount_cents').as('cents'),
      eb.fn.sum<number | string>('donation_payments.refunded_cents').as('refunded'),
      eb.fn.countAll<number | string>().as('payments'),
    ])
    .where('donation_payments.status', 'in', ['paid', 'refunded'])
    .groupBy([PAYMENT_STRETCH, 'donations.mode', 'donation_payments.status'])
    .execute();
  const years = new Map<string, DonationTotal & { months: Map<string, DonationTotal> }>();
  for (const row of sums) {
    const sum: PaymentSum = {
      mode: row.mode,
      status: row.status,
      cents: Number(row.cents),
      refundedCents: Number(row.refunded),
      payments: Number(row.payments),
    };
    const month = teamMonthOfStretch(row.stretch);
    const yearKey = month.slice(0, 4);
    let year = years.get(yearKey);
    if (!year) {
      year = { ...emptyTotal(yearKey), months: new Map() };
      years.set(yearKey, year);
    }
    let monthTotal = year.months.get(month);
    if (!monthTotal) {
      monthTotal = emptyTotal(month);
      year.months.set(month, monthTotal);
    }
    addPayments(year, sum);
    addPayments(monthTotal, sum);
  }
  const active = await db
    .selectFrom('donations')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string | null>('amount_cents').as('cents')])
    .where('mode', '=', 'monthly')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  const newestFirst = <T extends { period: string }>(list: T[]) => list.sort((a, b) => b.period.localeCompare(a.period));
  return {
    years: newestFirst([...years.values()]).map(({ months, ...year }) => ({ ...year, months: newestFirst([...months.values()]) })),
    activeMonthlyDonors: Number(active.count),
    activeMonthlyCents: Number(active.cents ?? 0),
  };
}

/** Which payments the treasurer's CSV holds: a team month, or everything since a team day; and a mode. */
export type PaymentCsvFilter = { month?: string | undefined; since?: string | undefined; mode?: DonationModeName | undefined };

const CSV_HEADER = [
  'date',
  'paid_at',
  'amount',
  'currency',
  'mode',
  'status',
  'donor_name',
  'donor_email',
  'language',
  'donation_id',
  'stripe_session_id',
  'stripe_subscription_id',
  'stripe_invoice_id',
  'stripe_payment_intent_id',
  'stripe_charge_id',
  // Added later (migration 0022), so the columns before keep their places: the formal receipt's addressee.
  ...RECEIPT_COLUMN_NAMES,
  // Added later still (migration 0026), at the end for the same reason: what went back of the amount
  // (all of it when the status says refunded, a part while it says paid).
  'refunded_amount',
];

/**
 * The payments as CSV for the treasurer, oldest first (the order of a cash book): one line per payment
 * that arrived — refunded ones included, with their status — with the donor and Stripe's ids to find it
 * there, and, above the simplified-receipt limit, the name and address the formal receipt goes to. UTF-8 with a BOM for spreadsheet programs; formula-like values defused (lib/csv.ts).
 * The amount is a plain decimal with a point ("25.00"), the currency upper-case ("EUR"); so is the
 * refunded amount, the last column: a payment refunded in part stays `paid` with its whole amount there.
 */
export async function exportPaymentsCsv(db: Db, filter: PaymentCsvFilter, now: Date): Promise<{ filename: string; csv: string }> {
  let query = db
    .selectFrom('donation_payments')
    .innerJoin('donations', 'donations.id', 'donation_payments.donation_id')
    .select([
      'donation_payments.paid_at',
      'donation_payments.amount_cents',
      'donation_payments.currency',
      'donation_payments.status',
      'donation_payments.stripe_invoice_id',
      'donation_payments.stripe_payment_intent_id',
      'donation_payments.stripe_charge_id',
      'donation_payments.refunded_cents',
      'donations.id as donation_id',
      'donations.mode',
      'donations.donor_name',
      'donations.donor_email',
      'donations.locale',
      'donations.stripe_session_id',
      'donations.stripe_subscription_id',
      ...RECEIPT_COLUMN_NAMES.map((column) => `donations.${column}` as const),
    ])
    .where('donation_payments.status', 'in', ['paid', 'refunded']);
  if (filter.month) {
    const { start, end } = teamMonthRange(filter.month);
    query = query.where('donation_payments.paid_at', '>=', start).where('donation_payments.paid_at', '<', end);
  }
  if (filter.since) query = query.where('donation_payments.paid_at', '>=', teamDayStart(filter.since));
  if (filter.mode) query = query.where('donations.mode', '=', filter.mode);
  const rows = await query.orderBy('donation_payments.paid_at').orderBy('donation_payments.id').execute();
  const csv = toCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      teamDate(row.paid_at),
      row.paid_at,
      (row.amount_cents / 100).toFixed(2),
      row.currency.toUpperCase(),
      row.mode,
      row.status,
      row.donor_name ?? '',
      row.donor_email,
      row.locale,
      row.donation_id,
      row.stripe_session_id ?? '',
      row.stripe_subscription_id ?? '',
      row.stripe_invoice_id ?? '',
      row.stripe_payment_intent_id ?? '',
      row.stripe_charge_id ?? '',
      ...RECEIPT_COLUMN_NAMES.map((column) => row[column] ?? ''),
      // A payment refunded in full went back whole (as the totals count it).
      ((row.status === 'refunded' ? row.amount_cents : row.refunded_cents) / 100).toFixed(2),
    ]),
  ]);
  const scope = filter.month ?? (filter.since ? `since-${filter.since}` : teamDate(now.toISOString()));
  return { filename: `donations-${scope}${filter.mode ? `-${filter.mode}` : ''}.csv`, csv: `${UTF8_BOM}${csv}` };
}

/** The CSV as an admin or the operator takes it: the donors' data left the site, so the audit trail says who took which. */
export async function exportPaymentsCsvAudited(
  db: Db,
  filter: PaymentCsvFilter,
  actor: AuditActor,
  now: Date,
): Promise<{ filename: string; csv: string }> {
  return db.transaction().execute(async (trx) => {
    const file = await exportPaymentsCsv(trx, filter, now);
    const detail = { filename: file.filename, month: filter.month ?? null, since: filter.since ?? null, mode: filter.mode ?? null };
    await recordAudit(trx, actor, { action: 'donations.exported', detail }, now);
    return file;
  });
}

/** Donations made since a team day, newest first: for `donations:list` without --csv. */
export function donationsSince(db: Db, since: string | undefined): Promise<DonationRow[]> {
  let query = db.selectFrom('donations').selectAll();
  if (since) query = query.where('created_at', '>=', teamDayStart(since));
  return query.orderBy('created_at', 'desc').orderBy('id').execute();
}
