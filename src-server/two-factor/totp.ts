/**
 * TOTP (RFC 6238) as authenticator apps speak it: HMAC-SHA1, 6 digits, 30-second steps. The time comes
 * from the caller (the request's clock), not from Date.now(), so tests can move it; @oslojs/otp's HOTP
 * does the arithmetic.
 */
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone clock half a minute off, or a code typed just as it changed. */
const TOTP_DRIFT_STEPS = 1;

/** A new random key: 160 bits, as RFC 4226 recommends; stored and shown as base32. */
export function newTotpSecret(): string {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return encodeBase32UpperCaseNoPadding(key);
}

const keyOf = (secret: string) => decodeBase32IgnorePadding(secret);

/** The time step a moment falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a step (tests type it like an app would). */
export function totpCode(secret: string, step: number): string {
  return generateHOTP(keyOf(secret), BigInt(step), TOTP_DIGITS);
}

/**
 * The step whose code `code` is, within the drift around now and after `lastUsedStep` (a code of a step
 * already used is refused: whoever saw it cannot use it again); null when none matches.
 */
export function matchingTotpStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const current = totpStep(now);
  const key = keyOf(secret);
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/** The otpauth:// address the QR code carries: issuer (the association) and account (the e-mail address). */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  return createTOTPKeyURI(issuer, accountName, keyOf(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}
