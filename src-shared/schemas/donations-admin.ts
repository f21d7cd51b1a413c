import { DONATION_MODES, DONATION_STATUSES, type DonationModeName, type DonationStatusName, MONTH_PATTERN } from '../donation-filters';
import type { ReceiptAddress } from '../receipt-address';
import { adminPageSchema } from './admin-page';
import { z } from './zod';

export { DONATION_MODES, DONATION_STATUSES, type DonationModeName, type DonationStatusName } from '../donation-filters';

/** The operators' view of donations (/donations-admin, the CSV, `donations:list`): filters and answers. */

export const DONATION_PAYMENT_STATUSES = ['paid', 'failed', 'refunded'] as const;
export type DonationPaymentStatusName = (typeof DONATION_PAYMENT_STATUSES)[number];

/** A calendar month in the team's time zone, "2026-03". */
export const monthSchema = z.string().regex(MONTH_PATTERN);

/** What the list and the CSV can be narrowed to; every field optional (= all). */
export const donationFilterSchema = z.object({
  month: monthSchema.optional(),
  mode: z.enum(DONATION_MODES).optional(),
  status: z.enum(DONATION_STATUSES).optional(),
});
export type DonationFilter = z.output<typeof donationFilterSchema>;

export const donationListSchema = donationFilterSchema.extend({ page: adminPageSchema });

/** The CSV covers payments: a donation's status does not narrow it, the month and the mode do. */
export const donationCsvSchema = donationFilterSchema.pick({ month: true, mode: true });

export type AdminDonation = {
  id: string;
  mode: DonationModeName;
  status: DonationStatusName;
  /** Per payment for a monthly pledge. */
  amountCents: number;
  currency: string;
  donorName: string | null;
  donorEmail: string;
  /** The formal receipt's name and postal address from Stripe (above the simplified-receipt limit); null if none. */
  receiptAddress: ReceiptAddress | null;
  locale: string;
  createdAt: string;
  confirmedAt: string | null;
  /** Payments that arrived and were not refunded in full: their count, and their sum less what went back in part. */
  paymentsReceived: number;
  receivedCents: number;
  /** What went back of those payments in part (refunds of a part in Stripe's dashboard); not in receivedCents. */
  partlyRefundedCents: number;
  /** Stripe's dashboard page of the payment or subscription (test or live, from the key); null before Stripe has one. */
  stripeUrl: string | null;
};

/** Money of one month or year: net = paid minus refunded, split by mode. */
export type DonationTotal = {
  /** "2026-03" for a month, "2026" for a year. */
  period: string;
  oneTimeCents: number;
  monthlyCents: number;
  /** What went back later, whole payments and parts of them (not in the two sums above). */
  refundedCents: number;
  payments: number;
};

export type DonationTotals = {
  /** Newest year first, each with its months (newest first). */
  years: Array<DonationTotal & { months: DonationTotal[] }>;
  /** Monthly pledges whose subscription runs. */
  activeMonthlyDonors: number;
  /** What those pledges bring per month. */
  activeMonthlyCents: number;
};

export type DonationAdminList = {
  donations: AdminDonation[];
  page: number;
  pageSize: number;
  total: number;
};
