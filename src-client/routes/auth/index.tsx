import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Container, Loader, Paper, Tabs, Title } from '@mantine/core';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '@client/features/auth/AuthProvider';
import { SignInForm } from '@client/features/auth/SignInForm';
import { SignUpForm } from '@client/features/auth/SignUpForm';
import { usePageTitle } from '@client/lib/use-page-title';

export const Route = createFileRoute('/auth/')({
  component: AuthPage,
});

function AuthPage() {
  const { t } = useLingui();
  const auth = useAuth();
  const [tab, setTab] = useState<string | null>('sign-in');
  usePageTitle(t`Admin Bereich`);

  if (auth.loading) {
    return (
      <Center py={80}>
        <Loader aria-label={t`Wird geladen`} />
      </Center>
    );
  }
  // Signed-in users have nothing to do here.
  if (auth.user) return <Navigate to="/" />;

  return (
    <Container size={480} py={48}>
      <Title order={1} ta="center" mb="lg">
        <Trans>Admin Bereich</Trans>
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="sign-in">
              <Trans>Anmelden</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="sign-up">
              <Trans>Registrieren</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-in">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="sign-up">
            <SignUpForm onRegistered={() => setTab('sign-in')} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}
