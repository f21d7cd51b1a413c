import { z } from './zod';
import { EMAIL_MAX_LENGTH, EMAIL_TOKEN_PATTERN, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { LOCALES } from '../locales';
import { plainString, requiredOneLineText } from './text';

/**
 * Account inputs. The same schemas validate on the server (tRPC inputs) and in the forms; the client
 * turns an issue's field and code into a translated message (src-client/features/auth/field-errors.ts).
 */
export const emailSchema = z.string().trim().toLowerCase().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email());

/**
 * A first or last name: one line, control characters (which would forge lines in a log or a terminal) become
 * spaces; one of nothing but invisible characters is missing.
 */
export const personNameSchema = requiredOneLineText(NAME_MAX_LENGTH);
/**
 * A password being chosen: nobody types a control character into one, so it is refused like in an id.
 * A password given to sign in is only compared with a hash, never stored or shown: it is taken as it is.
 */
export const newPasswordSchema = plainString(PASSWORD_MAX_LENGTH).min(PASSWORD_MIN_LENGTH);
export const localeSchema = z.enum(LOCALES).catch('de');

export const signUpSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  locale: localeSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in checks only presence: an old password shorter than today's minimum must still work.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const emailRequestSchema = z.object({ email: emailSchema, locale: localeSchema });

/** Tokens are 32 base32 characters; anything else cannot be one. */
export const emailTokenSchema = z.string().trim().regex(EMAIL_TOKEN_PATTERN);

export const verifyEmailSchema = z.object({ token: emailTokenSchema });
export const resetPasswordSchema = z.object({ token: emailTokenSchema, password: newPasswordSchema });

/** The signed-in user as the client sees it. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** An admin without two-factor sign-in while ADMIN_2FA_REQUIRED is on: the admin pages send them to /account. */
  twoFactorSetupRequired?: true;
  /**
   * In a page shared by everyone with the same role (docs/decisions/045-pages-shared-by-role.md): only the
   * role is known (isAdmin, twoFactorSetupRequired); id, e-mail and names are empty until the browser asks.
   */
  roleOnly?: true;
};

/** The session user as a page shared by everyone with the same role carries it: the role, nothing personal. */
export function roleOnlyUser(user: SessionUser): SessionUser {
  return {
    id: '',
    email: '',
    firstName: '',
    lastName: '',
    isAdmin: user.isAdmin,
    ...(user.twoFactorSetupRequired ? { twoFactorSetupRequired: true as const } : {}),
    roleOnly: true,
  };
}

/** What the password step of a sign-in answers: the signed-in user, or the challenge for the code step (ADR 041). */
export type SignInResult = SessionUser | { twoFactorChallenge: string };
