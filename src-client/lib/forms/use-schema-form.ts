import { useLingui } from '@lingui/react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ZodError, z } from 'zod';
import { useHydrated } from '@client/lib/use-hydrated';
import { ERROR_MESSAGES } from '@client/i18n/error-messages';
import type { FormName } from '@shared/forms';
import './form-styles';
import { usePostedForm } from './posted-form';
import { isMissingValue, SERVER_REFUSED_FIELD, translateIssues } from './translate-issues';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

type Options<Schema extends z.ZodType, Values extends Record<string, unknown>> = {
  /**
   * A public form that works without scripts (ADR 033): rendered by PostForm as a POST to its page, its
   * fields named for that post; after a refused post the page shows it again with the values and errors.
   * Admin forms have none (admin screens need scripts).
   */
  name?: FormName;
  /**
   * The zod schema from src-shared/schemas that the server's procedure uses for its input, or a function
   * that imports it (`() => import('@shared/schemas/x').then((m) => m.xSchema)`). A public page's form
   * takes the function: zod and the schemas are then fetched when the visitor first focuses the form or
   * sends it, not with the page (ADR 048); until then the form checks nothing and posts nothing unchecked.
   */
  schema: Schema | (() => Promise<Schema>);
  initialValues: Values;
  /**
   * How the server read the fields of a refused plain post, where one field stands in for another (a
   * donation's preset radio for its amount): applied to the posted values before they fill the form.
   */
  readPosted?(values: Record<string, string>): Record<string, string>;
  /** What the form sends besides its fields (the page's language, a token, a timing), before the schema sees it. */
  toInput?(values: Values): z.input<Schema>;
  /** Sends the checked values; a thrown error goes to onError (after the fields it names are marked). */
  onSubmit(data: z.output<Schema>): unknown;
  onError?(error: unknown, form: UseFormReturnType<Values>): void;
  /**
   * Called when the schema refuses the values (the fields are marked already), e.g. for the spec's toast;
   * `missing` when a required field is empty (rather than only filled wrong, such as a malformed address).
   */
  onInvalid?(refusal: { missing: boolean }): void;
};

export type SchemaForm<Values> = {
  form: UseFormReturnType<Values>;
  name: FormName | undefined;
  /**
   * An input's props: value and handlers, its `name` for the plain post, and an id of its own that is
   * the same on the server and in the browser (so nothing changes at hydration).
   */
  field(path: string): ReturnType<UseFormReturnType<Values>['getInputProps']> & { name: string; id?: string };
  /** The translated refusal of the whole form after a plain post (wrong password…), shown by PostForm. */
  postedError: string | null;
  /** For the <form onSubmit>: checks with the schema, marks fields, sends, reports a failure. */
  submit(event?: FormEvent<HTMLFormElement>): void;
  /** Starts fetching a schema given as a function (PostForm calls it when a field gets focus). */
  prepare(): void;
  /** True while the request runs. */
  isSubmitting: boolean;
  /**
   * False until the page is interactive (see useHydrated), for a form without a name: its submit
   * button waits. A named form is ready at once: before its scripts run, it posts to the server.
   */
  isReady: boolean;
};

/**
 * The one way this site writes a form: @mantine/form holds the values and errors; the shared zod schema
 * decides what is valid (field errors translated by translateIssues); the submit button is disabled
 * while a request runs; fields the server refused are marked; anything else goes to onError.
 * Copy the newsletter form (features/blog/NewsletterBlock.tsx) to start a new one.
 */
type Issue = ZodError['issues'][number];

export function useSchemaForm<Schema extends z.ZodType, Values extends Record<string, unknown>>(
  options: Options<Schema, Values>,
): SchemaForm<Values> {
  const { i18n } = useLingui();
  // Only a form without a name waits for hydration (see isReady): a named one would pay for asking.
  const isHydrated = useHydrated(options.name === undefined);
  const posted = usePostedForm(options.name);
  const toInput = (values: Values) => (options.toInput ? options.toInput(values) : values);
  const schema = useLoadedSchema(options.schema);
  // What the last check refused, so that a refused submit can tell an empty field from one filled wrong.
  const lastIssues = useRef<readonly Issue[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: posted
      ? withPostedValues(options.initialValues, options.readPosted ? options.readPosted(posted.values) : posted.values)
      : options.initialValues,
    initialErrors: posted ? translateIssues(posted.issues as unknown as Issue[], i18n) : {},
    // Before a schema given as a function has arrived there is nothing to check with: send() waits for it.
    validate: (values) => {
      const result = schema.current()?.safeParse(toInput(values));
      lastIssues.current = result?.error?.issues ?? [];
      return !result || result.success ? {} : translateIssues(result.error.issues, i18n);
    },
  });
  useTypedBeforeHydration(form, options.name);
  const focusAfterSubmit = useFocusAfterSubmit(form.submitting);

  const send = async (values: Values) => {
    try {
      await sendChecked(values);
    } finally {
      focusAfterSubmit.settled();
    }
  };

  const sendChecked = async (values: Values) => {
    let parsed: z.ZodSafeParseResult<z.output<Schema>>;
    try {
      parsed = (await schema.load()).safeParse(toInput(values));
    } catch (error) {
      // The schema's file could not be fetched (the connection dropped): said like any failed send.
      return options.onError?.(error, form);
    }
    if (!parsed.success) {
      form.setErrors(translateIssues(parsed.error.issues, i18n));
      return options.onInvalid?.({ missing: parsed.error.issues.some(isMissingValue) });
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
    name: options.name,
    field: (path) => ({
      ...form.getInputProps(path),
      name: path,
      ...(options.name ? { id: `${options.name}-${path}` } : {}),
    }),
    postedError: posted?.errorCode ? i18n._(ERROR_MESSAGES[posted.errorCode]) : null,
    // Once the schema has arrived, @mantine/form's validate() refuses the values before send() runs.
    submit: (event) => {
      focusAfterSubmit.started(event);
      form.onSubmit(send, () => {
        options.onInvalid?.({ missing: lastIssues.current.some(isMissingValue) });
        focusAfterSubmit.settled();
      })(event);
    },
    prepare: () => void schema.load().catch(() => undefined),
    isSubmitting: form.submitting,
    isReady: options.name !== undefined || isHydrated,
  };
}

/**
 * Where keyboard focus goes once a submit has its answer (WCAG 2.4.3, 3.3.1): to the first field marked
 * invalid, so that a screen reader reads its label and error; otherwise back to the button that sent it,
 * which the browser took focus from while it was disabled (focus had fallen to <body>). Focus the visitor
 * has moved elsewhere meanwhile is left alone.
 */
function useFocusAfterSubmit(isSubmitting: boolean) {
  const formElement = useRef<HTMLFormElement | null>(null);
  const submitter = useRef<HTMLElement | null>(null);
  const focusedAtSubmit = useRef<Element | null>(null);
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    // Runs once the answer's errors are on the page and the button is enabled again.
    if (answers === 0 || isSubmitting) return;
    const element = formElement.current;
    const active = document.activeElement;
    // Moved on while waiting (to another field, say, and typing): left where the visitor put it.
    const untouched = !active || active === document.body || active === submitter.current || active === focusedAtSubmit.current;
    if (!element?.isConnected || !untouched) return;
    const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (active === document.body && submitter.current?.isConnected) submitter.current.focus();
  }, [answers, isSubmitting]);
  return {
    started(event?: FormEvent<HTMLFormElement>) {
      formElement.current = event?.currentTarget ?? null;
      focusedAtSubmit.current = document.activeElement;
      const native = event?.nativeEvent as SubmitEvent | undefined;
      submitter.current = native?.submitter ?? (document.activeElement as HTMLElement | null);
    },
    settled: () => setAnswers((count) => count + 1),
  };
}

/**
 * The schema at hand (`current`, null while a function's import has not arrived) and `load()`, which
 * imports it once. A failed import (the network went away) is tried again on the next call.
 */
function useLoadedSchema<Schema extends z.ZodType>(source: Schema | (() => Promise<Schema>)) {
  const state = useRef<{ schema: Schema | null; loading: Promise<Schema> | null }>({
    schema: typeof source === 'function' ? null : source,
    loading: null,
  }).current;
  return {
    current: () => state.schema,
    load(): Promise<Schema> {
      if (state.schema) return Promise.resolve(state.schema);
      state.loading ??= (source as () => Promise<Schema>)().then(
        (schema) => (state.schema = schema),
        (error: unknown) => {
          state.loading = null;
          throw error;
        },
      );
      return state.loading;
    },
  };
}

/**
 * The form's starting values with what was posted laid over them, each as the type the form holds
 * (a checkbox posts "on" when ticked and nothing otherwise).
 */
function withPostedValues<Values extends Record<string, unknown>>(initial: Values, posted: Record<string, string>): Values {
  const values: Record<string, unknown> = { ...initial };
  for (const [key, start] of Object.entries(initial)) {
    const value = posted[key];
    if (typeof start === 'boolean') values[key] = value !== undefined && value !== '';
    else if (value === undefined) continue;
    else if (typeof start === 'number') values[key] = Number(value);
    else if (typeof start === 'string') values[key] = value;
  }
  return values as Values;
}

/** The fields a failed call's server-side validation named (tRPC error data from src-server/trpc.ts). */
function serverFieldErrors(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const fieldErrors = (error.data as { fieldErrors?: Record<string, unknown> | null } | undefined)?.fieldErrors;
  return fieldErrors ? Object.keys(fieldErrors) : [];
}
