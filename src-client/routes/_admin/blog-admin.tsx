import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { AppLink } from '@client/components/layout/AppLink';
import { BlogAdminDashboard } from '@client/features/admin/BlogAdminDashboard';
import { useAuth } from '@client/features/auth/AuthProvider';
import { usePageTitle } from '@client/lib/use-page-title';

export const Route = createFileRoute('/blog-admin')({
  component: BlogAdminPage,
});

/**
 * The guard of the admin page (spec §4): loading, then signed out (to /auth), signed in without the
 * role (access denied), or the dashboard. It only decides what to show: the server checks the role
 * on every call the dashboard makes.
 */
function BlogAdminPage() {
  const { t } = useLingui();
  const auth = useAuth();
  usePageTitle(t`Blog Admin`);

  if (auth.loading) {
    return (
      <Center py={120}>
        <Loader aria-label={t`Wird geladen`} />
      </Center>
    );
  }
  if (!auth.user) return <Navigate to="/auth" />;
  if (!auth.isAdmin) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <IconLock size={48} aria-hidden />
          <Title order={1}>
            <Trans>Zugriff verweigert</Trans>
          </Title>
          <Text c="gray.7">
            <Trans>Sie haben keine Berechtigung für den Admin-Bereich.</Trans>
          </Text>
          <Button component={AppLink} to="/">
            <Trans>Zur Startseite</Trans>
          </Button>
        </Stack>
      </Container>
    );
  }
  return <BlogAdminDashboard />;
}
