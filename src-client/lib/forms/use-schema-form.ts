import { useLingui } from '@lingui/react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { TRPCClientError } from '@trpc/client';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { useHydrated } from '@client/lib/use-hydrated';
import './form-styles';
import { SERVER_REFUSED_FIELD, translateIssues } from './translate-issues';

type Options<Schema extends z.ZodType, Values extends Record<string, unknown>> = {
  /** The zod schema from src-shared/schemas that the server's procedure uses for its input. */
  schema: Schema;
  initialValues: Values;
  /** What the form sends besides its fields (the page's language, a token, a timing), before the schema sees it. */
  toInput?(values: Values): z.input<Schema>;
  /** Sends the checked values; a thrown error goes to onError (after the fields it names are marked). */
  onSubmit(data: z.output<Schema>): unknown;
  onError?(error: unknown, form: UseFormReturnType<Values>): void;
  /** Called when the schema refuses the values (the fields are marked already), e.g. for the spec's toast. */
  onInvalid?(): void;
};

export type SchemaForm<Values> = {
  form: UseFormReturnType<Values>;
  /** For the <form onSubmit>: checks with the schema, marks fields, sends, reports a failure. */
  submit(event?: FormEvent<HTMLFormElement>): void;
  /** True while the request runs. */
  isSubmitting: boolean;
  /** False until the page is interactive (see useHydrated): the submit button waits for it. */
  isReady: boolean;
};

/**
 * The one way this site writes a form: @mantine/form holds the values and errors; the shared zod schema
 * decides what is valid (field errors translated by translateIssues); the submit button is disabled
 * while a request runs; fields the server refused are marked; anything else goes to onError.
 * Copy the newsletter form (features/blog/NewsletterBlock.tsx) to start a new one.
 */
export function useSchemaForm<Schema extends z.ZodType, Values extends Record<string, unknown>>(
  options: Options<Schema, Values>,
): SchemaForm<Values> {
  const { i18n } = useLingui();
  const isHydrated = useHydrated();
  const toInput = (values: Values) => (options.toInput ? options.toInput(values) : values);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => {
      const result = options.schema.safeParse(toInput(values));
      return result.success ? {} : translateIssues(result.error.issues, i18n);
    },
  });

  const send = async (values: Values) => {
    const parsed = options.schema.safeParse(toInput(values));
    if (!parsed.success) {
      form.setErrors(translateIssues(parsed.error.issues, i18n));
      return options.onInvalid?.();
    }
    try {
      await options.onSubmit(parsed.data);
    } catch (error) {
      const refused = serverFieldErrors(error);
      if (refused.length > 0) form.setErrors(Object.fromEntries(refused.map((field) => [field, i18n._(SERVER_REFUSED_FIELD)])));
      options.onError?.(error, form);
    }
  };

  return {
    form,
    submit: form.onSubmit(send, () => options.onInvalid?.()),
    isSubmitting: form.submitting,
    isReady: isHydrated,
  };
}

/** The fields a failed call's server-side validation named (tRPC error data from src-server/trpc.ts). */
function serverFieldErrors(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const fieldErrors = (error.data as { fieldErrors?: Record<string, unknown> | null } | undefined)?.fieldErrors;
  return fieldErrors ? Object.keys(fieldErrors) : [];
}
