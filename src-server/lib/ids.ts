import { randomBytes } from 'node:crypto';

/** A random, URL-safe identifier (120 bits), used as the primary key of most rows. */
export function newId(): string {
  return randomBytes(15).toString('base64url');
}
