import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/why-schoolbox-works/meta';
import { WhySchoolBoxWorksPage } from './-components/why-schoolbox-works/WhySchoolBoxWorksPage';

export const Route = createFileRoute('/why-schoolbox-works')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: WhySchoolBoxWorksPage,
});
