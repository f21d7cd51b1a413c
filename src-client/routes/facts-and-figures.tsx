import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/facts-and-figures/meta';
import { FactsAndFiguresPage } from './-components/facts-and-figures/FactsAndFiguresPage';

export const Route = createFileRoute('/facts-and-figures')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: FactsAndFiguresPage,
});
