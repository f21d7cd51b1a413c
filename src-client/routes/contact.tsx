import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '@client/features/contact/ContactForm';
import { pageHead } from '@client/lib/head';
import { ContactPage } from './-components/contact/ContactPage';

export const Route = createFileRoute('/contact')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Kontakt`,
      msg`Fragen zu SchoolBox, zu Spenden, Partnerschaften oder für die Presse? Schreiben Sie uns über das Formular, per E-Mail oder Telefon – wir antworten persönlich.`,
    ),
  component: () => <ContactPage form={<ContactForm />} />,
});
