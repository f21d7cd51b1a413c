/**
 * Exponential backoff for a worker's retries: `firstMs` after the first failed attempt, doubling with
 * each further one, never more than `maxMs`. Each worker passes its own numbers (the mail outbox, the
 * hand-over of orders to Printful).
 */
export function backoffDelayMs(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
}
