import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { PartnershipPage } from '../-components/partnership/PartnershipPage';

export const Route = createFileRoute('/partnership/')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Partnerschaft`,
      msg`Werden Sie Partner von SchoolBox: Titel-, Marketing- oder Bildungspartnerschaft für Unternehmen und Stiftungen. Vorteile, Leistungen, Ablauf und Broschüre.`,
    ),
  component: PartnershipPage,
});
