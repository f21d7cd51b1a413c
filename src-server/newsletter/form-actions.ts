import { fieldValues, newsletterSignupInput } from '@shared/form-inputs';
import type { FormAction } from '../forms/form-action';
import { emailLinkAction, linkToken } from '../forms/email-link';

/** Where the newsletter sign-up is (features/blog/NewsletterBlock.tsx, below the blog's list). */
export const NEWSLETTER_SIGNUP_PATH = '/blog';

/**
 * The newsletter's forms posted without scripts (ADR 033), through the same procedures as the script
 * path: the sign-up (then "check your mail", as the script path says it), the button on the page of the
 * confirmation link, and the unsubscribe button of the link in every newsletter (their token is in the
 * page's address, which the form posts to).
 */
export const NEWSLETTER_FORM_ACTIONS: readonly FormAction[] = [
  {
    path: NEWSLETTER_SIGNUP_PATH,
    form: 'newsletterSignup',
    async run({ caller, fields, url, locale }) {
      await caller.newsletter.subscribe(newsletterSignupInput(fieldValues(['email'], fields), locale));
      // The notice shows at the top of the page, where the browser lands.
      return { redirectTo: `${url.pathname}${url.search}`, notice: 'newsletter.checkMail' };
    },
  },
  emailLinkAction('/newsletter/confirm', 'confirmSubscription', 'newsletter.confirmed', (caller, token) =>
    caller.newsletter.confirm({ token }),
  ),
  {
    path: '/newsletter/unsubscribe',
    form: 'unsubscribe',
    async run({ caller, fields, url }) {
      // As the page does: a token that cannot be one is a dead link, not a field to correct.
      await caller.newsletter.unsubscribe({ token: linkToken(fields, url) });
      return { redirectTo: `${url.pathname}${url.search}`, notice: 'unsubscribe.done' };
    },
  },
];
