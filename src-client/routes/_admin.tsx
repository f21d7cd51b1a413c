import { Trans } from '@lingui/react/macro';
import { Container, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ButtonLink } from '@client/components/links';

/**
 * The guard of every admin page (spec §4): a visitor without a session goes to /auth (HTTP 302 when the
 * server renders), a signed-in user without the role sees 'Zugriff verweigert'. It only decides what
 * to show: the server checks the role on every call an admin page makes.
 */
export const Route = createFileRoute('/_admin')({
  staticData: { private: true },
  beforeLoad: ({ context }) => {
    if (!context.user) throw redirect({ to: '/auth', statusCode: 302 });
    return { admin: context.user.isAdmin ? context.user : null };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { admin } = Route.useRouteContext();
  return admin ? <Outlet /> : <AccessDenied />;
}

function AccessDenied() {
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
        <ButtonLink to="/">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      </Stack>
    </Container>
  );
}
