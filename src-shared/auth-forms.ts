import { isLocale, LOCALE_SEARCH_PARAM, type Locale } from './locales';
import { returnTarget } from './return-path';
import type { emailRequestSchema, resetPasswordSchema, signInSchema, signUpSchema } from './schemas/auth';
import type { signInCodeSchema } from './schemas/two-factor';
import type { z } from './schemas/zod';

/**
 * The account forms (sign-in, sign-up, forgot and reset password): what they send to their procedure,
 * built from the fields as typed, and where they lead. The browser's forms (src-client/features/auth,
 * useSchemaForm's toInput) and the server's no-script form actions (src-server/auth/form-actions.ts) both
 * use these, so a form posted without scripts reaches the procedure exactly as one sent through tRPC.
 * The fields' names are the inputs' `name`s.
 */

export const SIGN_IN_FIELDS = ['email', 'password'] as const;
export type SignInFormValues = Record<(typeof SIGN_IN_FIELDS)[number], string>;

export function signInInput(values: SignInFormValues): z.input<typeof signInSchema> {
  return { email: values.email, password: values.password };
}

/**
 * The second step of a sign-in with two-factor (ADR 041): the challenge the password step answered (a
 * hidden field) and the code from the app or a recovery code.
 */
export const SIGN_IN_CODE_FIELDS = ['challenge', 'code'] as const;
export type SignInCodeFormValues = Record<(typeof SIGN_IN_CODE_FIELDS)[number], string>;

export function signInCodeInput(values: SignInCodeFormValues): z.input<typeof signInCodeSchema> {
  return { challenge: values.challenge, code: values.code };
}

/**
 * The sign-in form's second submit button, shown after "not verified yet": posted without scripts, its
 * name in the fields asks for a new confirmation link instead of signing in.
 */
export const RESEND_VERIFICATION_FIELD = 'resendVerification';

export const SIGN_UP_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
export type SignUpFormValues = Record<(typeof SIGN_UP_FIELDS)[number], string>;

export function signUpInput(values: SignUpFormValues, locale: Locale): z.input<typeof signUpSchema> {
  return { ...values, locale };
}

export const FORGOT_PASSWORD_FIELDS = ['email'] as const;
export type ForgotPasswordFormValues = Record<(typeof FORGOT_PASSWORD_FIELDS)[number], string>;

export function forgotPasswordInput(values: ForgotPasswordFormValues, locale: Locale): z.input<typeof emailRequestSchema> {
  return { email: values.email, locale };
}

/** The new password and its repetition; the token comes from the page's address (the mailed link). */
export const RESET_PASSWORD_FIELDS = ['password', 'repeat'] as const;
export type ResetPasswordFormValues = Record<(typeof RESET_PASSWORD_FIELDS)[number], string>;

export function resetPasswordInput(values: ResetPasswordFormValues, token: string): z.input<typeof resetPasswordSchema> {
  return { token, password: values.password };
}

/** Whether the repetition differs: the form refuses it (field `repeat`) once the password itself is fine. */
export function passwordsDiffer(values: ResetPasswordFormValues): boolean {
  return values.repeat !== values.password;
}

type Target = ReturnType<typeof returnTarget>;

/**
 * Where a signed-in visitor goes from /auth: back to `redirect` (a path of this site, see
 * return-path.ts) or to the start page, in the language the sign-in page was shown in (`?lang=en` stays,
 * unless the return path names a language itself). One rule for the route's redirect (scripts) and the
 * sign-in form's POST (no scripts).
 */
export function afterSignIn(search: { redirect?: unknown; lang?: unknown }): Target {
  const target = returnTarget(search.redirect);
  if (!isLocale(search.lang) || LOCALE_SEARCH_PARAM in target.search) return target;
  return { ...target, search: { ...target.search, [LOCALE_SEARCH_PARAM]: search.lang } };
}

/** The same as a path with its search and hash, for a Location header. */
export function afterSignInPath(search: { redirect?: unknown; lang?: unknown }): string {
  const { to, search: params, hash } = afterSignIn(search);
  const query = new URLSearchParams(params).toString();
  return `${to}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}
