import { TRPCError } from '@trpc/server';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ZodError } from 'zod';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH, WITHDRAWAL_LIMITS } from '@shared/constants';
import { FORM_NAME_FIELD, NOTICE_COOKIE, NOTICE_COOKIE_MAX_AGE_S, type PostedForm, type PostedIssue } from '@shared/forms';
import { appErrorCodeOf } from '../app-error';
import type { RequestVariables } from '../http/request-context';
import { createTrpcContext } from '../http/trpc-context';
import { negotiateLocale } from '../pages/language';
import { type PageDeps, pageRenderer, sameSiteLocation } from '../pages/handler';
import { appRouter } from '../router';
import { createCallerFactory } from '../trpc';
import type { FormAction, FormFields, FormOutcome } from './form-action';

type PageContext = Context<{ Variables: RequestVariables }>;

/**
 * The characters the longest of our forms takes at most: the contact form, each field at its schema's
 * limit. (The withdrawal form is the next longest; every other form holds a few short fields.)
 */
const LONGEST_FORM_CHARACTERS = Math.max(
  CONTACT_LIMITS.name + CONTACT_LIMITS.organization + CONTACT_LIMITS.subject + CONTACT_LIMITS.message + EMAIL_MAX_LENGTH,
  WITHDRAWAL_LIMITS.name + WITHDRAWAL_LIMITS.orderNumber + WITHDRAWAL_LIMITS.message + EMAIL_MAX_LENGTH,
);

/**
 * What one character of a field's limit can take in a posted (URL-encoded) body at worst. A limit counts
 * UTF-16 units: a character of the Basic Multilingual Plane, such as Chinese, is one unit of three UTF-8
 * bytes, each sent as %XX: 9 bytes. (One beyond it, an emoji, is two units of four bytes, 12 bytes: 6 per
 * unit; a line break is sent as %0D%0A, 6.) Multipart bodies send the bytes as they are, less.
 */
const ENCODED_BYTES_PER_CHARACTER = 9;

/** Room for the rest: the field names, the hidden fields (the form's name, a signed token, the language), the spam trap. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * The largest body a page takes (about 114 KB): the longest form filled to every limit in the widest
 * characters, and room to spare. A form its visitor filled can always be sent, and its schema then says
 * what is too long; a bigger body is no form of ours and is not read (formBodyLimit).
 */
export const FORM_BODY_LIMIT_BYTES = LONGEST_FORM_CHARACTERS * ENCODED_BYTES_PER_CHARACTER + FORM_OVERHEAD_BYTES;

const createCaller = createCallerFactory(appRouter);

/**
 * A form posted without scripts (ADR 033): the page's own address receives it; the action registered for
 * (path, form) runs the same procedure the script path calls, through tRPC's server-side caller with the
 * request's own context (so the input schema, rate limits, mails and cookies are that procedure's). The
 * origin check before it is the API's (app.ts). Success answers 303 (post/redirect/get); a refusal
 * renders the page again with the values typed, except secrets, and the errors.
 */
export function formPostHandler(deps: PageDeps, actions: readonly FormAction[]) {
  const renderPage = pageRenderer(deps);
  return async (c: PageContext): Promise<Response> => {
    const url = new URL(c.req.url);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const onPage = actions.filter((action) => action.path === path);
    if (onPage.length === 0) return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });

    // A body that is no form (a broken multipart boundary) is the sender's mistake, not the server's.
    const body = await c.req.parseBody().catch(() => null);
    if (body === null) return new Response('Malformed form', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    const fields = textFields(body);
    const action = onPage.find((candidate) => candidate.form === fields.get(FORM_NAME_FIELD));
    if (!action) return new Response('Unknown form', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

    const resHeaders = new Headers();
    const ctx = await createTrpcContext(c, deps, resHeaders);
    const { locale } = negotiateLocale(url, c.req.header('cookie') ?? null, c.req.header('accept-language') ?? null);
    try {
      const outcome = await action.run({ caller: createCaller(ctx), fields, url, locale });
      if ('showForm' in outcome) return renderPage(c, { posted: { ...outcome.showForm, issues: [], errorCode: null }, notice: null });
      return redirectAfterPost(outcome, url, resHeaders, deps.config.isHttps);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.errorCode === 'INTERNAL') c.get('logger').error('form post failed', { form: action.form, error });
      const posted: PostedForm = { form: action.form, values: echoedValues(body, action), ...refusal };
      return renderPage(c, { posted, notice: null });
    }
  };
}

/**
 * Refuses a posted body over FORM_BODY_LIMIT_BYTES before it is read: 413 with the page in the visitor's
 * language, its form saying it was too long (the body is not read, so nothing typed can come back; the
 * connection closes, so the rest of it cannot pass for a next request). A page with several forms shows it
 * on its first. A page without forms answers 405, as formPostHandler does.
 */
export function formBodyLimit(deps: PageDeps, actions: readonly FormAction[]) {
  const renderPage = pageRenderer(deps);
  return bodyLimit({
    maxSize: FORM_BODY_LIMIT_BYTES,
    onError: async (c) => {
      const url = new URL(c.req.url);
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      const action = actions.find((candidate) => candidate.path === path);
      if (!action) return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD', Connection: 'close' } });
      const posted: PostedForm = { form: action.form, values: {}, issues: [], errorCode: 'FORM_TOO_LARGE' };
      const page = await renderPage(c as PageContext, { posted, notice: null });
      const headers = new Headers(page.headers);
      headers.set('Connection', 'close');
      return new Response(page.body, { status: 413, headers });
    },
  });
}

function textFields(body: Record<string, unknown>): FormFields {
  return {
    get: (name) => {
      const value = body[name];
      return typeof value === 'string' ? value : undefined;
    },
    has: (name) => typeof body[name] === 'string',
  };
}

/** What the visitor typed, to put back into the form: text fields only, never a secret one. */
function echoedValues(body: Record<string, unknown>, action: FormAction): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string' || name === FORM_NAME_FIELD || action.secretFields?.includes(name)) continue;
    values[name] = value;
  }
  return values;
}

function redirectAfterPost(outcome: Exclude<FormOutcome, { showForm: unknown }>, url: URL, resHeaders: Headers, secure: boolean): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of resHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  if (outcome.external) {
    headers.set('Location', outcome.redirectTo);
  } else {
    headers.set('Location', sameSiteLocation(outcome.redirectTo, url));
    if (outcome.notice) {
      headers.append(
        'Set-Cookie',
        `${NOTICE_COOKIE}=${outcome.notice}; Max-Age=${NOTICE_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
  }
  return new Response(null, { status: 303, headers });
}

/** A procedure's refusal as the form shows it: the fields its schema refused, or the domain's code. */
function refusalOf(error: unknown): Pick<PostedForm, 'issues' | 'errorCode'> {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof ZodError) return { issues: cause.issues.map(postedIssue), errorCode: null };
  return { issues: [], errorCode: appErrorCodeOf(cause) ?? 'INTERNAL' };
}

function postedIssue(issue: ZodError['issues'][number]): PostedIssue {
  const { path, code } = issue;
  const posted: PostedIssue = { path: path.filter((part) => typeof part !== 'symbol'), code };
  if ('minimum' in issue) posted.minimum = Number(issue.minimum);
  if ('maximum' in issue) posted.maximum = Number(issue.maximum);
  if ('format' in issue && typeof issue.format === 'string') posted.format = issue.format;
  return posted;
}
