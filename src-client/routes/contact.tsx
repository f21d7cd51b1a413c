import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CONTACT_TOKEN_FIELD } from '@shared/form-inputs';
import { PAGE_FORM_STATE_KEY, type PageFormState } from '@shared/forms';
import { formTokenQuery } from '@client/features/contact/contact-queries';
import { ContactForm } from '@client/features/contact/ContactForm';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';
import { ContactPage } from './-components/contact/ContactPage';

export const Route = createFileRoute('/contact')({
  // The form's signed timestamp is in the HTML: each visitor gets a page rendered for them (never cached, still indexed).
  staticData: { fresh: true },
  loader: async ({ context }) => {
    const query = formTokenQuery(context.trpc);
    // The form shown again after a refused plain post keeps the token it was sent with, so the time the
    // server measures runs from when the visitor first saw the form (an expired one is replaced).
    const posted = context.isServer ? context.queryClient.getQueryData<PageFormState>(PAGE_FORM_STATE_KEY)?.posted : null;
    const postedToken = posted?.form === 'contact' && posted.errorCode !== 'FORM_EXPIRED' ? posted.values[CONTACT_TOKEN_FIELD] : undefined;
    if (postedToken) {
      context.queryClient.setQueryData(query.queryKey, { token: postedToken });
      return;
    }
    // The server waits, so the token is in the HTML; in the browser the page shows at once.
    await waitOnServer(context, context.queryClient.prefetchQuery(query));
  },
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Kontakt`,
      msg`Fragen zu SchoolBox, zu Spenden, Partnerschaften oder für die Presse? Schreiben Sie uns über das Formular, per E-Mail oder Telefon – wir antworten persönlich.`,
    ),
  component: () => <ContactPage form={<ContactForm />} />,
});
