/**
 * The contact form's signed timestamp: the server hands out `<issuedAtMs>.<HMAC-SHA256 of it>` (the
 * MAC base64url) when the page asks (contact.formToken), and the form sends it back. So the server
 * measures how long the form was open with its own clock; a bot can no longer just claim a fill time.
 * The key is made once per database and kept in app_state, so every process behind a load balancer
 * signs and checks with the same one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTACT_FORM_TOKEN_LIFETIME_MS, CONTACT_MIN_FILL_MS } from '@shared/constants';
import { getAppState } from '../db/app-state';
import type { Db } from '../db/connect';

const SECRET_KEY = 'form_secret';
const SECRET_BYTES = 32;
/** Digits of a millisecond timestamp, a dot, and the 43 base64url characters of a 32-byte MAC. */
const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * The key, read from the database each time (one lookup by primary key, next to the message's own
 * writes). The first process to need it stores a random one; the others' inserts do nothing, and all
 * read the same key.
 */
async function formSecret(db: Db): Promise<Buffer> {
  const stored = await getAppState(db, SECRET_KEY);
  if (stored !== null) return Buffer.from(stored, 'base64url');
  await db
    .insertInto('app_state')
    .values({ key: SECRET_KEY, value: randomBytes(SECRET_BYTES).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const secret = await getAppState(db, SECRET_KEY);
  if (secret === null) throw new Error('the form secret was not stored');
  return Buffer.from(secret, 'base64url');
}

function sign(secret: Buffer, issuedAtMs: string): string {
  return createHmac('sha256', secret).update(issuedAtMs).digest('base64url');
}

/** A token for a form handed out now. */
export async function issueFormToken(db: Db, now: Date): Promise<string> {
  const issuedAtMs = String(now.getTime());
  return `${issuedAtMs}.${sign(await formSecret(db), issuedAtMs)}`;
}

/**
 * What a returned token says: missing, not ours (malformed or a wrong MAC), sent sooner than a person
 * could (or issued "in the future"), older than its lifetime, or fine; with the fill time once it is known.
 */
export type FormTokenCheck = { status: 'missing' | 'forged' | 'expired' } | { status: 'too_fast' | 'valid'; fillTimeMs: number };

export async function checkFormToken(db: Db, token: string | undefined, now: Date): Promise<FormTokenCheck> {
  if (!token) return { status: 'missing' };
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return { status: 'forged' };
  const [, issuedAtMs = '', mac = ''] = match;
  // Both are 43 ASCII characters (the shape says so for the one sent), as timingSafeEqual needs.
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(sign(await formSecret(db), issuedAtMs)))) return { status: 'forged' };
  const fillTimeMs = now.getTime() - Number(issuedAtMs);
  if (fillTimeMs > CONTACT_FORM_TOKEN_LIFETIME_MS) return { status: 'expired' };
  if (fillTimeMs < CONTACT_MIN_FILL_MS) return { status: 'too_fast', fillTimeMs };
  return { status: 'valid', fillTimeMs };
}
