/**
 * Error codes the server returns in a tRPC error's `data.appCode`. The client maps each code to a
 * translated message (src-client/i18n/error-messages.ts); raw server text is never shown to a visitor.
 */
export const APP_ERROR_CODES = [
  'VALIDATION_FAILED',
  'RATE_LIMITED',
  'FORBIDDEN_ORIGIN',
  'NOT_FOUND',
  'INTERNAL',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (APP_ERROR_CODES as readonly string[]).includes(value);
}
