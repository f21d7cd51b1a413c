import { ZodError } from 'zod';
import {
  afterSignInPath,
  FORGOT_PASSWORD_FIELDS,
  forgotPasswordInput,
  passwordsDiffer,
  RESEND_VERIFICATION_FIELD,
  RESET_PASSWORD_FIELDS,
  resetPasswordInput,
  SIGN_IN_CODE_FIELDS,
  SIGN_IN_FIELDS,
  signInCodeInput,
  SIGN_UP_FIELDS,
  signInInput,
  signUpInput,
} from '@shared/auth-forms';
import { fieldValues } from '@shared/form-inputs';
import { isLocale, LOCALE_SEARCH_PARAM } from '@shared/locales';
import { newPasswordSchema } from '@shared/schemas/auth';
import type { FormAction, FormOutcome } from '../forms/form-action';
import { emailLinkAction } from '../forms/email-link';

/**
 * The account forms without scripts (ADR 033): each calls the procedure the browser's form calls, with
 * the input the browser's form builds (src-shared/auth-forms.ts), and ends where the script path ends.
 * Refusals (schema, wrong password, rate limit) are thrown on to the post handler, which shows the page
 * again with what was typed, passwords left out.
 */

/** The page's language parameter, kept on the address the visitor is sent on to. */
function languageOf(url: URL): string | undefined {
  const lang = url.searchParams.get(LOCALE_SEARCH_PARAM);
  return isLocale(lang) ? lang : undefined;
}

/** A page of the account screens with the given search parameters of this one (and its language). */
function pageWith(path: string, url: URL, keep: readonly string[] = []): string {
  const search = new URLSearchParams();
  for (const name of [...keep, LOCALE_SEARCH_PARAM]) {
    const value = url.searchParams.get(name);
    if (value !== null) search.set(name, value);
  }
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

const signIn: FormAction = {
  path: '/auth',
  form: 'signIn',
  secretFields: ['password'],
  async run({ caller, fields, url, locale }) {
    // "Bestätigungslink erneut senden" (shown after a refusal for an unconfirmed address) posts the same form.
    if (fields.has(RESEND_VERIFICATION_FIELD)) {
      await caller.auth.resendVerification({ email: fields.get('email') ?? '', locale });
      return { redirectTo: pageWith('/auth', url, ['redirect']), notice: 'verification.resent' };
    }
    // The procedure sets the session cookie (ctx.resHeaders); the post handler passes it on with the redirect.
    const result = await caller.auth.signIn(signInInput(fieldValues(SIGN_IN_FIELDS, fields)));
    // Two-factor sign-in (ADR 041): the page again, with the code field and the challenge in a hidden field.
    if ('twoFactorChallenge' in result) return { showForm: { form: 'signInCode', values: { challenge: result.twoFactorChallenge } } };
    return signedIn(url);
  },
};

/** Where the /auth route sends a signed-in visitor (routes/auth/index.tsx): the same rule. */
function signedIn(url: URL): FormOutcome {
  return {
    redirectTo: afterSignInPath({ redirect: url.searchParams.get('redirect') ?? undefined, lang: languageOf(url) }),
    notice: 'signIn.done',
  };
}

/** The code step of a two-factor sign-in; a refusal shows it again with the challenge (the code is left out). */
const signInCode: FormAction = {
  path: '/auth',
  form: 'signInCode',
  secretFields: ['code'],
  async run({ caller, fields, url }) {
    await caller.auth.signInWithCode(signInCodeInput(fieldValues(SIGN_IN_CODE_FIELDS, fields)));
    return signedIn(url);
  },
};

const signUp: FormAction = {
  path: '/auth',
  form: 'signUp',
  secretFields: ['password'],
  async run({ caller, fields, url, locale }) {
    await caller.auth.signUp(signUpInput(fieldValues(SIGN_UP_FIELDS, fields), locale));
    // As with scripts: back to the sign-in tab, told to look for the confirmation link.
    return { redirectTo: pageWith('/auth', url, ['redirect']), notice: 'signUp.checkMail' };
  },
};

const forgotPassword: FormAction = {
  path: '/auth/forgot',
  form: 'forgotPassword',
  async run({ caller, fields, url, locale }) {
    await caller.auth.requestPasswordReset(forgotPasswordInput(fieldValues(FORGOT_PASSWORD_FIELDS, fields), locale));
    return { redirectTo: pageWith('/auth/forgot', url), notice: 'forgotPassword.sent' };
  },
};

const resetPassword: FormAction = {
  path: '/auth/reset',
  form: 'resetPassword',
  secretFields: RESET_PASSWORD_FIELDS,
  async run({ caller, fields, url }) {
    const values = fieldValues(RESET_PASSWORD_FIELDS, fields);
    // The browser's form checks the repetition once the password itself is acceptable (ResetPasswordPage);
    // so does this, as a refusal of the field `repeat`.
    if (newPasswordSchema.safeParse(values.password).success && passwordsDiffer(values)) {
      throw new ZodError([{ code: 'custom', path: ['repeat'], message: 'The passwords differ', input: values.repeat }]);
    }
    await caller.auth.resetPassword(resetPasswordInput(values, url.searchParams.get('token') ?? ''));
    // Every session of the account ended: on to sign in afresh, told that the password changed.
    return { redirectTo: pageWith('/auth', url), notice: 'resetPassword.done' };
  },
};

/** The link in the verification mail: the button its page shows until the scripts confirm by themselves. */
const verifyEmail = emailLinkAction('/auth/verify', 'verifyEmail', 'verifyEmail.done', (caller, token) =>
  caller.auth.verifyEmail({ token }),
);

export const AUTH_FORM_ACTIONS: readonly FormAction[] = [signIn, signInCode, signUp, forgotPassword, resetPassword, verifyEmail];
