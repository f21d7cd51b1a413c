import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/how-it-works/meta';
import { HowItWorksPage } from './-components/how-it-works/HowItWorksPage';

export const Route = createFileRoute('/how-it-works')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: HowItWorksPage,
});
