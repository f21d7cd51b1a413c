import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { afterSignIn } from '@shared/auth-forms';
import { safeReturnPath } from '@shared/return-path';
import { isPrivatePage } from '@shared/routes';
import { AuthPage } from '@client/features/auth/AuthPage';
import { pageHead } from '@client/lib/head';

/**
 * Where to go after signing in: a page of this site (`/checkout`), never another site (`//evil.test`).
 * The key is always returned: the router lays the validated search over the raw one, so leaving an
 * unsafe value out would let it through.
 */
const authSearch = (search: Record<string, unknown>): { redirect?: string | undefined; tab?: 'sign-up' | undefined } => ({
  redirect: safeReturnPath(search.redirect),
  // `?tab=sign-up` opens the sign-up tab, e.g. from a "Registrieren" link; anything else is the sign-in tab.
  tab: search.tab === 'sign-up' ? 'sign-up' : undefined,
});

export const Route = createFileRoute('/auth/')({
  staticData: { private: isPrivatePage('/auth') },
  validateSearch: authSearch,
  // Signed-in users have nothing to do here (spec §2): on to the start page, or back where they came from.
  beforeLoad: ({ context, search }) => {
    // Checked once more where it is used, and followed as a path of this site (`to`), never as an href.
    if (context.user) throw redirect({ ...(afterSignIn(search) as { to: '/' }), statusCode: 302 });
  },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Admin Bereich`, msg`Anmelden oder registrieren, um den Blog von SchoolBox zu verwalten.`),
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  return <AuthPage returnPath={search.redirect} tab={search.tab ?? 'sign-in'} />;
}
