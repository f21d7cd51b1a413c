import { useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconCheck, IconClockHour4, IconFlag } from '@tabler/icons-react';
import { PHASE_STATUS_LABELS, PROJECT_PHASES, type PhaseStatus } from './project-content';
import classes from './project.module.css';

const MARKER_ICONS = { completed: IconCheck, 'in-progress': IconClockHour4, planned: IconFlag } satisfies Record<PhaseStatus, unknown>;

/** The three phases in order; the phase in progress is highlighted (filled badge), the others are outlined. */
export function PhaseTimeline() {
  const { i18n } = useLingui();
  return (
    <ol className={classes.timeline}>
      {PROJECT_PHASES.map((phase) => {
        const Marker = MARKER_ICONS[phase.status];
        const period = typeof phase.period === 'string' ? phase.period : i18n._(phase.period);
        return (
          <li key={phase.key} className={classes.phase} data-status={phase.status} data-testid="project-phase">
            <span className={classes.marker} aria-hidden>
              <Marker size={16} />
            </span>
            <Card withBorder radius="md" padding="lg" className={classes.phaseCard} data-status={phase.status}>
              <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
                <Title order={3} size="h4">
                  {i18n._(phase.title)}
                </Title>
                <Badge variant={phase.status === 'in-progress' ? 'filled' : 'outline'} size="lg" data-testid="project-phase-status">
                  {i18n._(PHASE_STATUS_LABELS[phase.status])}
                </Badge>
              </Group>
              <Text size="sm" fw={600} c="gray.8" mb={6}>
                {period}
              </Text>
              <Text size="sm" c="gray.7">
                {i18n._(phase.text)}
              </Text>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
