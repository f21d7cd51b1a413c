import { randomInt } from 'node:crypto';
import { teamDate } from '../lib/team-time';

// No 0/O or 1/I: the number is read aloud on the phone and typed from a mail.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * "SB-260302-K7M2Q": the day and five random characters. Readable, sortable by day, and valid as
 * Printful's external_id (≤ 32 characters of [A-Za-z0-9_-]). The unique index catches the rare clash.
 * The day is the team's (Berlin), the one the confirmation mail and the admin list show: an order
 * placed at 00:30 on 2 March in Cologne is SB-260302, not SB-260301 as UTC would have it.
 */
export function newOrderNumber(now: Date): string {
  const day = teamDate(now.toISOString()).slice(2).replace(/-/g, '');
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SB-${day}-${suffix}`;
}
