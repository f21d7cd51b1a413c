import { Trans } from '@lingui/react/macro';
import { Alert, Container } from '@mantine/core';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { accessDenied } from '@client/features/auth/access-denied';
import { AdminNav } from '@client/features/admin/AdminNav';
import { AdminNotFound } from '@client/features/auth/AdminNotFound';
import { legalStatusQuery } from '@client/features/legal/legal-details-query';
import { LegalStatusBanner } from '@client/features/legal/LegalStatusBanner';
import { backupStatusQuery } from '@client/features/backup/backup-status-query';
import { BackupStatusBanner } from '@client/features/backup/BackupStatusBanner';
import { waitOnServer } from '@client/lib/wait-on-server';

/**
 * The guard of every admin page (spec §4), and the only one: a visitor without a session goes to /auth
 * and comes back after signing in (HTTP 302 when the server renders), a signed-in user without the role
 * sees 'Zugriff verweigert' (thrown, so no page below loads). The loaders below know an admin asks.
 * It only decides what to show: the server checks the role on every call an admin page makes.
 * Every page below is private: ADMIN_PAGES in src-shared/routes.ts lists them.
 */
export const Route = createFileRoute('/_admin')({
  staticData: { private: true },
  beforeLoad: ({ context, location }) => {
    if (!context.user) throw redirect({ to: '/auth', search: { redirect: location.href }, statusCode: 302 });
    if (!context.user.isAdmin) throw accessDenied();
    // ADMIN_2FA_REQUIRED and no second factor yet (ADR 041): set it up on /account first, told why there.
    if (context.user.twoFactorSetupRequired) throw redirect({ to: '/account', search: { twoFactor: 'required' }, statusCode: 302 });
    return { admin: context.user };
  },
  // The banners "Impressum unvollständig" and a failed backup come with the page (prefetched: a failure leaves them out).
  loader: ({ context }) =>
    waitOnServer(
      context,
      context.queryClient.prefetchQuery(legalStatusQuery(context.trpc)),
      context.queryClient.prefetchQuery(backupStatusQuery(context.trpc)),
    ),
  component: AdminLayout,
  notFoundComponent: AdminNotFound,
});

function AdminLayout() {
  return (
    <>
      {/* The public pages work without scripts (ADR 033); the admin screens are an application. */}
      <noscript>
        <Container size="lg" mt="md">
          <Alert color="yellow" role="status">
            <Trans>Die Verwaltung braucht JavaScript. Bitte schalten Sie es für diese Seite ein.</Trans>
          </Alert>
        </Container>
      </noscript>
      {/* One navigation for every admin page: each page below brings only its own header (AdminPageHeader). */}
      <AdminNav />
      <LegalStatusBanner />
      <BackupStatusBanner />
      <Outlet />
    </>
  );
}
