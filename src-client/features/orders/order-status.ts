import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrderPaymentState, OrderStatus } from '@shared/order-filters';

/** How each order status reads in the admins' list, with the badge colour that marks it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, { label: MessageDescriptor; color: string }> = {
  demo: { label: msg`Demo (nicht versendet)`, color: 'gray' },
  pending_provider: { label: msg`Wartet auf Printful`, color: 'yellow' },
  submitted: { label: msg`Entwurf bei Printful`, color: 'green' },
  provider_failed: { label: msg`Fehlgeschlagen`, color: 'red' },
  pending_payment: { label: msg`Wartet auf Zahlung`, color: 'gray' },
  confirmed: { label: msg`Bezahlt, bei Printful bestätigt`, color: 'teal' },
  cancelled: { label: msg`Storniert`, color: 'gray' },
  refunded: { label: msg`Erstattet und storniert`, color: 'orange' },
};

/** How each payment state reads on /orders-admin, with its badge colour. */
export const ORDER_PAYMENT_LABELS: Record<OrderPaymentState, { label: MessageDescriptor; color: string }> = {
  arrangement: { label: msg`Zahlung nach Absprache`, color: 'gray' },
  awaiting: { label: msg`Zahlung ausstehend`, color: 'yellow' },
  paid: { label: msg`Bezahlt`, color: 'teal' },
  unpaid: { label: msg`Nicht bezahlt`, color: 'gray' },
  refunded: { label: msg`Erstattet`, color: 'orange' },
};
