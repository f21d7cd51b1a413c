import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '@client/features/contact/ContactForm';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/contact/meta';
import { ContactPage } from './-components/contact/ContactPage';

export const Route = createFileRoute('/contact')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: () => <ContactPage form={<ContactForm />} />,
});
