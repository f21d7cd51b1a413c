import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminNewsletter } from '@shared/schemas/newsletter';
import { AnchorLink, ButtonLink } from '@client/components/links';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { formatDate } from '@client/lib/format-date';
import { useTRPC } from '@client/trpc';
import { FailedDeliveries } from './FailedDeliveries';
import { NewsletterAdminHeader } from './NewsletterAdminHeader';
import { isGoingOut, PROGRESS_POLL_MS } from './NewsletterProgress';
import { NewsletterStatusBadge } from './NewsletterStatusBadge';

/**
 * /newsletter-admin: every newsletter, newest first, with its state and counts (and why mails failed, with
 * the way to send them again); the way to write one.
 */
export function NewsletterList() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const newsletters = useQuery({
    ...trpc.newsletter.list.queryOptions(),
    // While a newsletter's mails go out, its counts here follow.
    refetchInterval: (query) => (query.state.data?.some((newsletter) => isGoingOut(newsletter.progress)) ? PROGRESS_POLL_MS : false),
  });

  return (
    <Container size="lg" py={48}>
      <NewsletterAdminHeader
        title={<Trans>Newsletter</Trans>}
        actions={
          <>
            <ButtonLink to="/newsletter-admin/subscribers" variant="default" leftSection={<IconUsers size={18} aria-hidden />}>
              <Trans>Abonnenten</Trans>
            </ButtonLink>
            <ButtonLink to="/newsletter-admin/new" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>Neuer Newsletter</Trans>
            </ButtonLink>
          </>
        }
      />

      {/* A list that failed to load is the error with a way to ask again, never "no newsletters". */}
      <AdminQueryState
        query={newsletters}
        loadingLabel={t`Newsletter werden geladen`}
        errorText={t`Die Newsletter konnten nicht geladen werden.`}
      >
        {(list) =>
          list.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="md">
                <Text>
                  <Trans>Noch keine Newsletter vorhanden.</Trans>
                </Text>
                <ButtonLink to="/newsletter-admin/new">
                  <Trans>Ersten Newsletter schreiben</Trans>
                </ButtonLink>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Alle Newsletter`}>
              {list.map((newsletter) => (
                <NewsletterRow key={newsletter.id} newsletter={newsletter} />
              ))}
            </Stack>
          )
        }
      </AdminQueryState>
    </Container>
  );
}

function NewsletterRow({ newsletter }: { newsletter: AdminNewsletter }) {
  const { t, i18n } = useLingui();
  const { total, sent, queued, failed } = newsletter.progress;
  const date = formatDate(newsletter.sendStartedAt ?? newsletter.updatedAt, i18n.locale);
  const subjectId = useId();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="admin-newsletter">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <AnchorLink id={subjectId} to="/newsletter-admin/$id" params={{ id: newsletter.id }} fw={700} lineClamp={2}>
            {newsletter.subjectDe}
          </AnchorLink>
          <Text size="sm" c="gray.7">
            {newsletter.status === 'draft' ? t`Zuletzt geändert am ${date}` : t`Versand gestartet am ${date}`}
          </Text>
          {newsletter.status !== 'draft' && (
            <Text size="sm" data-testid="newsletter-counts">
              {t`${total} Empfänger · ${sent} gesendet · ${queued} in der Warteschlange · ${failed} fehlgeschlagen`}
            </Text>
          )}
          {newsletter.status !== 'draft' && <FailedDeliveries newsletterId={newsletter.id} failed={failed} subjectId={subjectId} />}
        </Stack>
        <NewsletterStatusBadge newsletter={newsletter} />
      </Group>
    </Paper>
  );
}
