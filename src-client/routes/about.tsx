import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/about/meta';
import { AboutPage } from './-components/about/AboutPage';

export const Route = createFileRoute('/about')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: AboutPage,
});
