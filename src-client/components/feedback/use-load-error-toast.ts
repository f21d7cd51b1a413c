import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { failureToast } from '@client/i18n/error-messages';
import { showToast } from './toast';

/**
 * The admin screens' toast 'Fehler beim Laden' for a list that could not be loaded: `text` says what,
 * the server's reason follows. Once per error (not again when the language changes).
 */
export function useLoadErrorToast(error: unknown, text: string): void {
  const { i18n, t } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the error is the trigger; text and language are read as they are then
  useEffect(() => {
    if (error) showToast(failureToast(i18n, t`Fehler beim Laden`, error, text));
  }, [error]);
}
