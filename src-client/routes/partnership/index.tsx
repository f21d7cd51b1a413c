import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PAGE_META } from '../-components/partnership/meta';
import { PartnershipPage } from '../-components/partnership/PartnershipPage';

export const Route = createFileRoute('/partnership/')({
  head: ({ match }) => pageHead(match.context.i18n, PAGE_META.title, PAGE_META.description),
  component: PartnershipPage,
});
