import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NOT_FOUND_PATH_MAX_LENGTH } from '@shared/constants';
import { AppLink } from '@client/components/layout/AppLink';
import { usePageTitle } from '@client/lib/use-page-title';
import { trpc } from '@client/trpc';

/** Shown for every path the site does not have; the path goes to the browser console and the server log. */
export function NotFoundPage() {
  const { t } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  const report = useMutation(trpc.site.reportNotFound.mutationOptions());
  usePageTitle(t`Seite nicht gefunden`);

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
    report.mutate({ path: pathname.slice(0, NOT_FOUND_PATH_MAX_LENGTH) });
    // Report each path once, not on every re-render of the mutation state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="primary" aria-hidden lh={1}>
          404
        </Text>
        <Title order={1}>
          <Trans>Seite nicht gefunden</Trans>
        </Title>
        <Text c="gray.7">
          <Trans>Die Seite „{pathname}“ gibt es nicht oder nicht mehr. Vielleicht hilft Ihnen die Startseite weiter.</Trans>
        </Text>
        <Button component={AppLink} to="/">
          <Trans>Zur Startseite</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
