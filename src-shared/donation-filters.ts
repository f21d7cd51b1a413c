/**
 * The values the donations list filters by, without zod: the /donations-admin route checks its search
 * with them, and a route's search checker is part of every page's entry chunk (ADR 018, ADR 034).
 */

export const DONATION_MODES = ['one_time', 'monthly'] as const;
export type DonationModeName = (typeof DONATION_MODES)[number];
/** A donation's life as the table records it (ADR 031); the admin list filters by it. */
export const DONATION_STATUSES = ['open', 'pending', 'paid', 'active', 'failed', 'expired', 'refunded', 'cancelled'] as const;
export type DonationStatusName = (typeof DONATION_STATUSES)[number];

/** A calendar month in the team's time zone, "2026-03". */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
