/**
 * A key for one checkout attempt: sending the order again with it (a double click, a retry after a
 * lost answer) returns the order already made instead of a second one. randomUUID needs a secure
 * context; getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
