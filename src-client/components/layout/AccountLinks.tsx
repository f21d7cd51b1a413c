import { useLingui } from '@lingui/react/macro';
import { Button, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
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

  async function signOut() {
    onNavigate?.();
    // Leave a private page first, so its guard does not send the visitor to the sign-in page.
    await navigate({ to: '/' });
    await auth.signOut().catch(() => undefined);
    showToast({ title: t`Abgemeldet`, message: t`Bis bald!` });
  }

  const admin = t`Blog Admin`;
  const account = t`Mein Konto`;
  const signOutLabel = t`Abmelden`;
  // In the phone menu the buttons fill the row and start at the left, like the links above them, with
  // their names. In the header bar they are icons (named for screen readers, and by a tooltip): with
  // their names, an admin's three took the room of the main links, which broke onto a second row.
  const props = (label: string, icon: React.ReactNode) =>
    fullWidth
      ? ({ fullWidth, justify: 'flex-start', leftSection: icon, children: label } as const)
      : ({
          px: 8,
          title: label,
          children: (
            <>
              {icon}
              <VisuallyHidden>{label}</VisuallyHidden>
            </>
          ),
        } as const);

  return (
    <>
      {auth.isAdmin && (
        <ButtonLink
          to="/blog-admin"
          variant="subtle"
          onClick={onNavigate}
          {...props(admin, <IconLayoutDashboard size={fullWidth ? 16 : 20} aria-hidden />)}
        />
      )}
      <ButtonLink
        to="/account"
        variant="subtle"
        color="gray"
        c="gray.8"
        onClick={onNavigate}
        {...props(account, <IconUserCircle size={fullWidth ? 16 : 20} aria-hidden />)}
      />
      <Button
        variant="subtle"
        color="gray"
        c="gray.8"
        onClick={signOut}
        {...props(signOutLabel, <IconLogout size={fullWidth ? 16 : 20} aria-hidden />)}
      />
    </>
  );
}
