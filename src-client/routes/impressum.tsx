import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ImpressumPage } from '@client/features/legal/ImpressumPage';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/impressum')({
  // The facts come with the page: the Impressum must be readable without JavaScript.
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Impressum`,
      msg`Wer diese Website betreibt: Name und Anschrift des Vereins, Vorstand, Kontakt, Registereintrag und redaktionell Verantwortliche.`,
    ),
  component: ImpressumPage,
});
