import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from './-components/project/meta';
import { ProjectPage } from './-components/project/ProjectPage';

export const Route = createFileRoute('/project')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: ProjectPage,
});
