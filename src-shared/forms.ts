import type { AppErrorCode } from './errors';

/**
 * Forms that work without scripts (issue 19, ADR 033). Each public form is a real
 * `<form method="post">` to its page's own address; a hidden field names which form of the page it is.
 * With scripts the same form submits through tRPC; without, the server runs the same procedure
 * (src-server/forms) and answers with a redirect, or with the page again showing what went wrong.
 */

/** The hidden field that names the form (a page may hold more than one). */
export const FORM_NAME_FIELD = '_form';

/** The hidden field in which the form on the page of an e-mailed link posts the link's token. */
export const LINK_TOKEN_FIELD = 'token';

export const FORM_NAMES = [
  'signIn',
  /** The second step of a sign-in with two-factor (ADR 041): the code, with the challenge as a hidden field. */
  'signInCode',
  'signUp',
  'forgotPassword',
  'resetPassword',
  'contact',
  'newsletterSignup',
  'unsubscribe',
  'donation',
  /** The withdrawal button's declaration (/widerruf/erklaeren, § 356a BGB). */
  'withdrawal',
  /**
   * The button on the page of an e-mailed link that is otherwise taken on arrival (ADR 033): with scripts
   * the page sends the token by itself; without, the visitor presses it (a GET never confirms anything).
   */
  'confirmSubscription',
  'verifyEmail',
  'confirmEmailChange',
] as const;
export type FormName = (typeof FORM_NAMES)[number];

/**
 * What the page after a successful no-script POST tells the visitor (the text the script path shows as
 * a toast or an alert; src-client/lib/forms/notices.ts). It travels in a short-lived cookie, read and
 * cleared by the next page rendering (post/redirect/get).
 */
export const NOTICES = [
  'signIn.done',
  'signUp.checkMail',
  'verification.resent',
  'forgotPassword.sent',
  'resetPassword.done',
  'contact.sent',
  'newsletter.checkMail',
  'unsubscribe.done',
  'withdrawal.received',
  'newsletter.confirmed',
  'verifyEmail.done',
  'emailChange.done',
] as const;
export type NoticeKey = (typeof NOTICES)[number];

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === 'string' && (NOTICES as readonly string[]).includes(value);
}

/** The cookie the notice travels in between the POST's redirect and the next page. */
export const NOTICE_COOKIE = 'notice';

/** The notice cookie's lifetime: it lives only across the redirect; a minute covers a slow connection. */
export const NOTICE_COOKIE_MAX_AGE_S = 60;

/** One refusal of the procedure's input schema, in the shape translateIssues reads (a zod issue's fields). */
export type PostedIssue = {
  path: (string | number)[];
  code: string;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** A form posted without scripts and refused: the page is rendered again with this. */
export type PostedForm = {
  form: FormName;
  /** What was typed, except secret fields (passwords). */
  values: Record<string, string>;
  /** The fields the input schema refused. */
  issues: PostedIssue[];
  /** The domain's refusal of the whole form (wrong password, rate limit…), when that was the outcome. */
  errorCode: AppErrorCode | null;
};

/** What a page rendering knows of a form post: the refused form, or the notice after a redirect. */
export type PageFormState = { posted: PostedForm | null; notice: NoticeKey | null };

/** Where that state waits in the query cache, so that it reaches the browser's hydration with the page. */
export const PAGE_FORM_STATE_KEY = ['page-form-state'] as const;
