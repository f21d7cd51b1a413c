import { randomInt } from 'node:crypto';

// No 0/O or 1/I: the number is read aloud on the phone and typed from a mail.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * "SB-260302-K7M2Q": the day (UTC) and five random characters. Readable, sortable by day, and valid
 * as Printful's external_id (≤ 32 characters of [A-Za-z0-9_-]). The unique index catches the rare clash.
 */
export function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SB-${day}-${suffix}`;
}
