import { useLingui } from '@lingui/react/macro';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';

/**
 * A password field whose show/hide button is labelled in the page's language (Mantine's own label is
 * English), and whose input says it is invalid while it shows an error: Mantine's PasswordInput sets
 * only `data-invalid` on its inner input, so a screen reader would not hear it.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t`Passwort anzeigen oder verbergen` }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
