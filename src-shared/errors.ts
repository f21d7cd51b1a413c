/**
 * Error codes the server returns in a tRPC error's `data.appCode`. The client maps each code to a
 * translated message (src-client/i18n/error-messages.ts); raw server text is never shown to a visitor.
 */
export const APP_ERROR_CODES = [
  'VALIDATION_FAILED',
  /** Sign-up with an e-mail address that already has an account. */
  'ACCOUNT_EXISTS',
  /** Sign-in with an unknown e-mail address or a wrong password (deliberately not told apart). */
  'INVALID_CREDENTIALS',
  /** Sign-in before the e-mail address was confirmed. */
  'EMAIL_NOT_VERIFIED',
  /** An e-mail link whose token is unknown, expired or already used. */
  'TOKEN_INVALID',
  /** The procedure needs a signed-in user. */
  'UNAUTHENTICATED',
  /** The signed-in user lacks the role the procedure needs. */
  'FORBIDDEN',
  'RATE_LIMITED',
  'FORBIDDEN_ORIGIN',
  'NOT_FOUND',
  /** The shop's catalog cannot be loaded (Printful unreachable or refusing us) and no earlier copy is at hand. */
  'SHOP_UNAVAILABLE',
  /** Orders are switched off (SHOP_ORDERS_ENABLED=false): the shop opens soon. */
  'ORDERS_DISABLED',
  /** A cart line names a product variant the catalog does not have (any more). */
  'PRODUCT_UNAVAILABLE',
  /** A newsletter whose sending has started cannot be changed or deleted any more. */
  'NEWSLETTER_ALREADY_SENT',
  /**
   * A save of a blog post or a newsletter draft from a form that loaded an older version: someone else
   * changed it meanwhile. `details.current` is the stored one (its `version` lets the form save over it).
   */
  'EDIT_CONFLICT',
  /** A form sent with a timestamp older than its lifetime (a tab left open): fetch a new one and send again. */
  'FORM_EXPIRED',
  /** A form posted without scripts whose body is larger than any of ours (forms/post-handler.ts): not read at all. */
  'FORM_TOO_LARGE',
  /** A withdrawal names an order number that does not exist, or one placed with another e-mail address (deliberately not told apart). */
  'WITHDRAWAL_ORDER_UNKNOWN',
  /** A withdrawal of an order that is cancelled already (never paid, or refunded): nothing was sent, nothing to withdraw from. */
  'WITHDRAWAL_ORDER_CANCELLED',
  /** An account action (change password or e-mail, delete the account) with a wrong current password. */
  'WRONG_PASSWORD',
  /** An e-mail change to an address another account uses (or the account's own). */
  'EMAIL_TAKEN',
  /** The only admin cannot delete their account: nobody could manage the site any more. */
  'LAST_ADMIN',
  /** Online donations are not set up (no STRIPE_SECRET_KEY): the page shows bank details instead. */
  'DONATIONS_OFFLINE',
  /** The payment provider (Stripe) did not answer or refused the request; nothing was charged. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** An admin's cancel of an order that cannot be cancelled (unknown, not paid online, already in production, or busy). */
  'ORDER_NOT_CANCELLABLE',
  /** An admin without two-factor sign-in while ADMIN_2FA_REQUIRED is on: set it up on /account first. */
  'TWO_FACTOR_REQUIRED',
  /** A wrong, expired or already used authenticator code or recovery code. */
  'TWO_FACTOR_CODE_INVALID',
  /** The second step of a sign-in came too late (or twice): sign in with the password again. */
  'SIGN_IN_EXPIRED',
  /** Setting up two-factor sign-in on an account that has it already. */
  'TWO_FACTOR_ALREADY_ENABLED',
  /** Confirming, turning off or renewing two-factor sign-in on an account where it is not (being) set up. */
  'TWO_FACTOR_NOT_ENABLED',
  /**
   * A write found the server's storage full (SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full): nothing
   * was saved; the operator has to free space (src-server/db/storage-full.ts).
   */
  'STORAGE_FULL',
  'INTERNAL',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (APP_ERROR_CODES as readonly string[]).includes(value);
}
