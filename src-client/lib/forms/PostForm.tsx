import { Alert } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { FORM_NAME_FIELD, type FormName } from '@shared/forms';
import type { SchemaForm } from './use-schema-form';

type PostFormProps = Omit<ComponentProps<'form'>, 'method' | 'action' | 'onSubmit' | 'children'> & {
  form: Pick<SchemaForm<never>, 'submit' | 'prepare' | 'postedError'> & { name: FormName };
  /** Another page of this site whose action takes the form (one shown on several pages, e.g. the newsletter's below /blog/<post>). */
  action?: string;
  children: ReactNode;
};

/**
 * A form that works before and without scripts (ADR 033): a real POST to the page's own address, which
 * the server answers through the same procedure; with scripts, useSchemaForm's submit sends it through
 * tRPC instead (after fetching the schema, if it had not come with the first focus). The hidden field names the form; a refusal of a plain post shows above the fields.
 */
export function PostForm({ form, action, children, ...props }: PostFormProps) {
  const { pathname, searchStr } = useLocation();
  return (
    <form
      method="post"
      action={action ?? `${pathname}${searchStr}`}
      onSubmit={form.submit}
      // A field taking focus fetches the form's schema, so that it is there when the form is sent.
      onFocus={form.prepare}
      noValidate
      {...props}
    >
      <input type="hidden" name={FORM_NAME_FIELD} value={form.name} />
      {form.postedError && (
        <Alert color="red" role="alert" mb="md">
          {form.postedError}
        </Alert>
      )}
      {children}
    </form>
  );
}
