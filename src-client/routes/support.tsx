import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/support/meta';
import { SupportPage } from './-components/support/SupportPage';

export const Route = createFileRoute('/support')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: SupportPage,
});
