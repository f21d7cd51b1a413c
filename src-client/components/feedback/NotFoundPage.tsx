import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NOT_FOUND_PATH_MAX_LENGTH } from '@shared/constants';
import { ButtonLink } from '@client/components/links';
import { EmptyState } from './EmptyState';
import { useTRPC } from '@client/trpc';
import { useHydrated } from '@client/lib/use-hydrated';

// The address the page was loaded with: its 404 was rendered (and logged) by the server already.
const loadedHref = typeof window === 'undefined' ? null : window.location.href;
let loadedPageReported = false;

/** Shown for every path the site does not have; the path goes to the browser console and the server log. */
export function NotFoundPage() {
  const trpc = useTRPC();
  // The address the 404 was rendered for (while leaving the page, the new address is already current).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const report = useMutation(trpc.site.reportNotFound.mutationOptions());
  // The server sends one rendering of this page for every unknown address (ADR 043): the address is
  // named once the page runs in the browser, after hydration, so that the two renderings match.
  const isHydrated = useHydrated();

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
    const renderedByServer = !loadedPageReported && window.location.href === loadedHref;
    loadedPageReported = true;
    // A 404 reached by navigating inside the app is reported once; the server logged the other kind.
    if (!renderedByServer) report.mutate({ path: pathname.slice(0, NOT_FOUND_PATH_MAX_LENGTH) });
  }, [pathname, report.mutate]);

  return (
    <EmptyState
      page
      icon={
        <Text fz={64} fw={800} c="primary" aria-hidden lh={1}>
          404
        </Text>
      }
      title={<Trans>Seite nicht gefunden</Trans>}
      text={
        isHydrated ? (
          <Trans>Die Seite „{pathname}“ gibt es nicht oder nicht mehr. Vielleicht hilft Ihnen die Startseite weiter.</Trans>
        ) : (
          <Trans>Diese Seite gibt es nicht oder nicht mehr. Vielleicht hilft Ihnen die Startseite weiter.</Trans>
        )
      }
      action={
        <ButtonLink to="/">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      }
    />
  );
}
