import { z } from './zod';
import { currentPasswordSchema } from './account';
import { emailTokenSchema } from './auth';

/**
 * Two-factor sign-in (ADR 041): the code of an authenticator app (6 digits) or one of the ten recovery
 * codes (16 base32 characters, shown as four groups of four). Spaces and dashes as typed or pasted do
 * not count, nor does case.
 */

/** A recovery code as stored (hashed) and compared: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (value: string): string => value.replace(/[\s-]+/g, '').toLowerCase();

const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z2-7]{16}$/;

export const isTotpCode = (code: string): boolean => TOTP_CODE.test(code);

/** What an authenticator app shows: six digits (a space in the middle, as some apps show it, is fine). */
export const totpCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE));

/** The second factor at sign-in (or to prove it is you): an app's code or an unused recovery code. */
export const secondFactorCodeSchema = z
  .string()
  .max(64)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(new RegExp(`${TOTP_CODE.source}|${RECOVERY_CODE.source}`)));

/** The second step of a sign-in: the token the password step handed out, and the code. */
export const signInCodeSchema = z.object({ challenge: emailTokenSchema, code: secondFactorCodeSchema });

/** Turning it on: a code of the new secret shows the app has it, the password that it is the owner. */
export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema, currentPassword: currentPasswordSchema });

/** Turning it off or renewing the recovery codes: the current password or a current code. */
export const twoFactorProofSchema = z
  .object({ currentPassword: currentPasswordSchema.optional(), code: secondFactorCodeSchema.optional() })
  .refine((value) => value.currentPassword !== undefined || value.code !== undefined, {
    path: ['code'],
    error: 'Password or code required',
  });
export type TwoFactorProofInput = z.input<typeof twoFactorProofSchema>;

/** What the account page shows of the user's two-factor sign-in. */
export type TwoFactorStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };

/** What "set up" answers: the QR code (SVG markup rendered on the server) and the secret for typing in. */
export type TwoFactorSetup = { qrSvg: string; secret: string; uri: string };
