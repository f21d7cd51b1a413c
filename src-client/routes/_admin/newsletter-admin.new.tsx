import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NewNewsletterPage } from '@client/features/newsletter/NewNewsletterPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/_admin/newsletter-admin/new')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Neuer Newsletter`, msg`Einen Newsletter von SchoolBox verfassen.`),
  component: NewNewsletterPage,
});
