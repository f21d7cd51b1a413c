import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/logo-showcase/meta';
import { LogoShowcasePage } from './-components/logo-showcase/LogoShowcasePage';

export const Route = createFileRoute('/logo-showcase')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: LogoShowcasePage,
});
