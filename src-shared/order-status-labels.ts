import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus } from './order-filters';

/**
 * Each order status as the team reads it: /orders-admin's badges and status filter, and the team's mail
 * about an order (src-server/orders/team-mails.ts). The buyer's "Meine Bestellungen" says it coarser, in
 * words of its own. Not in order-filters.ts: that file is in every page's entry chunk, and these
 * messages are in the browser catalog's private part only (src-client/i18n/catalog-parts.ts).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  demo: msg`Demo (nicht versendet)`,
  pending_provider: msg`Wartet auf Printful`,
  submitted: msg`Entwurf bei Printful`,
  provider_failed: msg`Fehlgeschlagen`,
  pending_payment: msg`Wartet auf Zahlung`,
  confirmed: msg`Bezahlt, bei Printful bestätigt`,
  cancelled: msg`Storniert`,
  refunded: msg`Erstattet und storniert`,
};
