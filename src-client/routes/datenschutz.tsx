import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { PrivacyPage } from '@client/features/legal/PrivacyPage';
import { PRIVACY_TITLE } from '@client/features/legal/privacy-title';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/datenschutz')({
  // The facts come with the page: the privacy policy must be readable without JavaScript.
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      PRIVACY_TITLE,
      msg`Welche Daten diese Website verarbeitet, wofür, wie lange, auf welcher Rechtsgrundlage – und welche Rechte Sie haben.`,
    ),
  component: PrivacyPage,
});
