import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { AccountPage } from '@client/features/account/AccountPage';
import { useAuth } from '@client/features/auth/AuthProvider';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// The signed-in user's data rights (ADR 028). Without a session: sign in first (HTTP 302 when the server
// renders) and come back. Private: noindex and never cached.
export const Route = createFileRoute('/account')({
  staticData: { private: isPrivatePage('/account') },
  // `?twoFactor=required`: the admin pages sent an admin here to set up two-factor sign-in (ADR 041).
  validateSearch: (search: Record<string, unknown>): { twoFactor?: 'required' | undefined } => ({
    twoFactor: search.twoFactor === 'required' ? 'required' : undefined,
  }),
  beforeLoad: ({ context, location }) => {
    if (!context.user) throw redirect({ to: '/auth', search: { redirect: location.href }, statusCode: 302 });
    return { accountUser: context.user };
  },
  // The deletion section names the order retention period (site.legal).
  // The two-factor section's state too, so the page arrives with it (ADR 041), and the user's orders.
  loader: ({ context }) =>
    waitOnServer(
      context,
      context.queryClient.prefetchQuery(legalDetailsQuery(context.trpc)),
      context.queryClient.prefetchQuery(context.trpc.account.twoFactor.status.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.orders.mine.queryOptions()),
    ),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Mein Konto`,
      msg`Name, Passwort und E-Mail-Adresse ändern, die eigenen Daten herunterladen oder das Konto löschen.`,
    ),
  component: AccountRoute,
});

function AccountRoute() {
  const { accountUser } = Route.useRouteContext();
  // The session query follows a saved name or a confirmed address at once; the guard's copy only on the next navigation.
  const user = useAuth().user ?? accountUser;
  const { twoFactor } = Route.useSearch();
  return <AccountPage user={user} twoFactorRequired={twoFactor === 'required'} />;
}
