import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SchemaForm } from './use-schema-form';

/** A form's submit button: waits for the page to be interactive, shows progress, cannot be pressed twice. */
export function SubmitButton({
  form,
  children,
  ...props
}: { form: Pick<SchemaForm<never>, 'isSubmitting' | 'isReady'>; children: ReactNode } & ButtonProps) {
  return (
    <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting || !form.isReady} {...props}>
      {children}
    </Button>
  );
}
