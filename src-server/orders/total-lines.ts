/**
 * How an order's mails state its total: "Gesamtsumme inkl. MwSt.: …", or under the small-business rule
 * (KLEINUNTERNEHMER, § 19 UStG) the total alone and the sentence that no VAT is charged, since a total
 * claiming VAT would mislead (§ 5 UWG). The rule is the order's own (orders.kleinunternehmer, recorded
 * when it was placed), not the setting as it is when a mail goes out: a Stripe order's confirmation and
 * the team's mails may come after the setting changed. One place for the buyer's and the team's mails.
 */
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { SMALL_BUSINESS_VAT_NOTE } from '@shared/legal/vat-note';
import { formatCents } from '@shared/money';
import type { OrderRow } from '../db/schema';

/** Whether the small-business rule applied when the order was placed (the column is a portable 0/1). */
export function placedUnderSmallBusinessRule(order: Pick<OrderRow, 'kleinunternehmer'>): boolean {
  return order.kleinunternehmer === 1;
}

/** The total's line, and under the small-business rule the § 19 sentence after it, in `i18n`'s language. */
export function orderTotalLines(i18n: I18n, totalCents: number, kleinunternehmer: boolean): string[] {
  const total = formatCents(totalCents);
  return kleinunternehmer
    ? [t(i18n)`Gesamtsumme: ${total}`, i18n._(SMALL_BUSINESS_VAT_NOTE)]
    : [t(i18n)`Gesamtsumme inkl. MwSt.: ${total}`];
}
