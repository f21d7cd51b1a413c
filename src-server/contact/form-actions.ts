import { CONTACT_FIELDS, CONTACT_TOKEN_FIELD, contactInput, fieldValues } from '@shared/form-inputs';
import type { FormAction } from '../forms/form-action';

/**
 * The contact form posted without scripts (ADR 033): the same contact.send as the script path, with the
 * signed timestamp the page carried in its hidden field (the page is rendered per request, so each
 * visitor's form has its own). Back to the form, which shows its thank-you.
 */
export const CONTACT_FORM_ACTIONS: readonly FormAction[] = [
  {
    path: '/contact',
    form: 'contact',
    async run({ caller, fields, url, locale }) {
      await caller.contact.send(contactInput(fieldValues(CONTACT_FIELDS, fields), locale, fields.get(CONTACT_TOKEN_FIELD)));
      return { redirectTo: `${url.pathname}${url.search}#contact-form`, notice: 'contact.sent' };
    },
  },
];
