import type { FormName, NoticeKey } from '@shared/forms';
import type { Locale } from '@shared/locales';
import type { appRouter } from '../router';

/** The procedures, called in process with the request's own context (exactly what an API call runs). */
export type AppCaller = ReturnType<typeof appRouter.createCaller>;

/** The fields of a posted form: text values only (files are not taken here). */
export type FormFields = {
  get(name: string): string | undefined;
  has(name: string): boolean;
};

/** Where the browser goes after a successful post, and what the next page tells the visitor. */
export type FormOutcome =
  | { redirectTo: string; notice?: NoticeKey; external?: false }
  /** A payment provider's page (the donation's Stripe Checkout): the one kind of address outside this site. */
  | { redirectTo: string; external: true }
  /**
   * No redirect: the page again, showing the form `form` filled with `values` (the code step of a
   * two-factor sign-in, whose challenge travels in a hidden field rather than an address).
   */
  | { showForm: { form: FormName; values: Record<string, string> } };

/**
 * A form that works without scripts (ADR 033): the page at `path` posts its form named `form` here. `run`
 * turns the fields into the procedure's input, with the same shared helpers the browser's form uses,
 * and calls the procedure through `caller`. A procedure's refusal is thrown on; the post handler shows
 * it on the page again.
 */
export type FormAction = {
  /** The page's pathname, e.g. '/contact' or '/auth/forgot'. */
  path: string;
  form: FormName;
  /** Fields never echoed back into the page (passwords). */
  secretFields?: readonly string[];
  run(call: { caller: AppCaller; fields: FormFields; url: URL; locale: Locale }): Promise<FormOutcome>;
};
