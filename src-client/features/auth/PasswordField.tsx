import { useLingui } from '@lingui/react/macro';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';

/** A password field whose show/hide button is labelled in the page's language (Mantine's own label is English). */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t`Passwort anzeigen oder verbergen` }} {...props} />;
}
