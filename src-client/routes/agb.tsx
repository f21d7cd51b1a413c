import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { TermsPage } from '@client/features/legal/TermsPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/agb')({
  // The facts come with the page: the terms must be readable without JavaScript.
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`AGB`,
      msg`Die Allgemeinen Geschäftsbedingungen des SchoolBox Shops: Vertragsschluss, Preise, Lieferung, Zahlung und Widerruf.`,
    ),
  component: TermsPage,
});
