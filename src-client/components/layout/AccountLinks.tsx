import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconLayoutDashboard, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { showToast } from '@client/components/feedback/toast';
import { ButtonLink } from '@client/components/links';
import { useAuth } from '@client/features/auth/AuthProvider';

/**
 * The signed-in user's links: 'Blog Admin' for an admin (spec §2), 'Mein Konto' (their data rights,
 * ADR 028) and 'Abmelden' for everyone signed in (DESIGN §7: a user without the role must be able to
 * sign out too). Signing out leads to the
 * start page, wherever it happens.
 */
export function AccountLinks({ onNavigate, fullWidth = false }: { onNavigate?(): void; fullWidth?: boolean }) {
  const { t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  if (!auth.user) return null;

  // In the phone menu the buttons fill the row and start at the left, like the links above them.
  const layout = { fullWidth, justify: fullWidth ? 'flex-start' : undefined } as const;

  async function signOut() {
    onNavigate?.();
    // Leave a private page first, so its guard does not send the visitor to the sign-in page.
    await navigate({ to: '/' });
    await auth.signOut().catch(() => undefined);
    showToast({ title: t`Abgemeldet`, message: t`Bis bald!` });
  }

  return (
    <>
      {auth.isAdmin && (
        <ButtonLink
          to="/blog-admin"
          variant="subtle"
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
          onClick={onNavigate}
          {...layout}
        >
          <Trans>Blog Admin</Trans>
        </ButtonLink>
      )}
      <ButtonLink
        to="/account"
        variant="subtle"
        color="gray"
        c="gray.8"
        leftSection={<IconUserCircle size={16} aria-hidden />}
        onClick={onNavigate}
        {...layout}
      >
        <Trans>Mein Konto</Trans>
      </ButtonLink>
      <Button variant="subtle" color="gray" c="gray.8" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut} {...layout}>
        <Trans>Abmelden</Trans>
      </Button>
    </>
  );
}
