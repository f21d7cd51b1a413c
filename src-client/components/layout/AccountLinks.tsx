import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@client/features/auth/AuthProvider';
import { AppLink } from './AppLink';

/** 'Blog Admin' and 'Abmelden', shown only to a signed-in admin (spec §2). */
export function AdminLinks({ onNavigate, fullWidth = false }: { onNavigate?(): void; fullWidth?: boolean }) {
  const { t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  if (!auth.isAdmin) return null;

  // In the phone menu the buttons fill the row and start at the left, like the links above them.
  const layout = { fullWidth, justify: fullWidth ? 'flex-start' : undefined } as const;

  async function signOut() {
    onNavigate?.();
    await auth.signOut().catch(() => undefined);
    notifications.show({ title: t`Abgemeldet`, message: t`Bis bald!` });
    void navigate({ to: '/' });
  }

  return (
    <>
      <Button
        component={AppLink}
        to="/blog-admin"
        variant="subtle"
        leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        onClick={onNavigate}
        {...layout}
      >
        <Trans>Blog Admin</Trans>
      </Button>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={signOut}
        {...layout}
      >
        <Trans>Abmelden</Trans>
      </Button>
    </>
  );
}
