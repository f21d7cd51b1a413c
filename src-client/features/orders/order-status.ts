import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrderPaymentState, OrderStatus } from '@shared/order-filters';
import { ORDER_STATUS_LABELS as LABELS } from '@shared/order-status-labels';

/** How each order status reads in the admins' list (the words the team's mail uses too), with the badge colour that marks it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, { label: MessageDescriptor; color: string }> = {
  demo: { label: LABELS.demo, color: 'gray' },
  pending_provider: { label: LABELS.pending_provider, color: 'yellow' },
  submitted: { label: LABELS.submitted, color: 'green' },
  provider_failed: { label: LABELS.provider_failed, color: 'red' },
  pending_payment: { label: LABELS.pending_payment, color: 'gray' },
  confirmed: { label: LABELS.confirmed, color: 'teal' },
  cancelled: { label: LABELS.cancelled, color: 'gray' },
  refunded: { label: LABELS.refunded, color: 'orange' },
};

/** How each payment state reads on /orders-admin, with its badge colour. */
export const ORDER_PAYMENT_LABELS: Record<OrderPaymentState, { label: MessageDescriptor; color: string }> = {
  arrangement: { label: msg`Zahlung nach Absprache`, color: 'gray' },
  awaiting: { label: msg`Zahlung ausstehend`, color: 'yellow' },
  paid: { label: msg`Bezahlt`, color: 'teal' },
  unpaid: { label: msg`Nicht bezahlt`, color: 'gray' },
  refunded: { label: msg`Erstattet`, color: 'orange' },
};
