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

/**
 * How long after the notice appears it takes focus back once: a dialog that closed with the same answer
 * (the newsletter's send confirmation, when the send met another admin's save) gives focus back to the
 * button that opened it 10 ms after closing (Mantine's useFocusReturn; ours, use-return-focus.ts, at 0 ms).
 */
export const NOTICE_FOCUS_SETTLE_MS = 50;

/**
 * Moves focus to the conflict notice `box` (so a screen reader reads it first), and once more after
 * NOTICE_FOCUS_SETTLE_MS when something outside it has taken focus meanwhile (a closing dialog's return
 * of focus). Focus within the notice (on its "Trotzdem speichern") is left where it is. Returns the
 * clean-up for the effect that calls it.
 */
export function focusConflictNotice(box: HTMLElement): () => void {
  box.focus();
  const timer = setTimeout(() => {
    if (box.isConnected && !box.contains(box.ownerDocument.activeElement)) box.focus();
  }, NOTICE_FOCUS_SETTLE_MS);
  return () => clearTimeout(timer);
}
