/**
 * Our order numbers without zod ("SB-260302-K7M2Q": the day and five characters, made by
 * src-server/orders/order-number.ts). The withdrawal page's search checker reads them, and a route's
 * search checker is part of every page's entry chunk (ADR 018, ADR 034).
 */
import { WITHDRAWAL_LIMITS } from './constants';

const ORDER_NUMBER = /^SB-\d{6}-[A-Z0-9]{5}$/;

/**
 * An order number from an address, read as the withdrawal form reads one (spaces and case do not matter,
 * src-shared/schemas/withdrawal.ts), or undefined when it cannot be one of ours. Only a prefill: the
 * server checks the number that is sent.
 */
export function orderNumberParam(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > WITHDRAWAL_LIMITS.orderNumber) return undefined;
  const orderNumber = value.replace(/\s+/g, '').toUpperCase();
  return ORDER_NUMBER.test(orderNumber) ? orderNumber : undefined;
}
