import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { WithdrawalPage } from '@client/features/legal/WithdrawalPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/widerruf/')({
  // The facts come with the page: the withdrawal information must be readable without JavaScript.
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Widerrufsbelehrung`,
      msg`Ihr Widerrufsrecht bei Bestellungen im SchoolBox Shop, mit dem Muster-Widerrufsformular und der Möglichkeit, online zu widerrufen.`,
    ),
  component: WithdrawalPage,
});
