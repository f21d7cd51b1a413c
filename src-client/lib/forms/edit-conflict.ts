import { TRPCClientError } from '@trpc/client';
import { appErrorCode } from '@client/i18n/error-messages';

/**
 * The stored version a save was refused for (EDIT_CONFLICT, src-shared/errors.ts: another admin changed
 * the post or draft since the form loaded it), or null for any other failure. The form carries its
 * values over onto it and can then save over it with its `version`.
 */
export function editConflictCurrent<T>(error: unknown): T | null {
  if (appErrorCode(error) !== 'EDIT_CONFLICT' || !(error instanceof TRPCClientError)) return null;
  const details = (error.data as { details?: { current?: unknown } | null } | undefined)?.details;
  return (details?.current as T | undefined) ?? null;
}
