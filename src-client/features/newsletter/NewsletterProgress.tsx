import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Progress, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import type { ReactNode } from 'react';
import type { NewsletterProgress as ProgressCounts } from '@shared/schemas/newsletter';
import { StatList } from './StatList';

/** How often the pages ask for a newsletter's progress while some of its mails still wait. */
export const PROGRESS_POLL_MS = 2000;

/** Whether mails of a newsletter still wait in the outbox (the page keeps asking until none does). */
export const isGoingOut = (progress: ProgressCounts | undefined) => (progress?.queued ?? 0) > 0;

/** A sent newsletter's delivery: how many mails wait, went out or failed for good; `children` below (why some failed). */
export function NewsletterProgress({ progress, children }: { progress: ProgressCounts; children?: ReactNode }) {
  const { t } = useLingui();
  const done = progress.total === 0 ? 100 : Math.round(((progress.sent + progress.failed) / progress.total) * 100);
  const counts = [
    { label: t`Empfänger`, value: progress.total, testId: 'progress-total' },
    { label: t`In der Warteschlange`, value: progress.queued, testId: 'progress-queued' },
    { label: t`Gesendet`, value: progress.sent, testId: 'progress-sent' },
    { label: t`Fehlgeschlagen`, value: progress.failed, testId: 'progress-failed' },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="newsletter-progress-title" mb="xl">
      <Title order={2} size="h4" id="newsletter-progress-title" mb="sm">
        <Trans>Zustellung</Trans>
      </Title>
      <Progress
        value={done}
        color={progress.failed > 0 ? 'orange.9' : 'green.9'}
        size="lg"
        radius="xl"
        aria-label={t`Versandfortschritt`}
        mb="md"
      />
      <StatList stats={counts} />
      <Text size="sm" c="gray.7" mt="sm">
        {progress.queued > 0 ? (
          <Trans>Die E-Mails werden nach und nach verschickt; diese Anzeige aktualisiert sich von selbst.</Trans>
        ) : (
          <Trans>Keine E-Mail dieses Newsletters wartet mehr.</Trans>
        )}
      </Text>
      {children}
    </Paper>
  );
}
