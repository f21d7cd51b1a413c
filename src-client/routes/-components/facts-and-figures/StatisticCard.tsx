import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Stack, Text } from '@mantine/core';
import { SOURCES, type Statistic } from './facts-content';
import classes from './facts.module.css';

/** One published figure with what it means and where it comes from. */
export function StatisticCard({ stat }: { stat: Statistic }) {
  const { i18n } = useLingui();
  const source = SOURCES.find((candidate) => candidate.key === stat.source);
  if (!source) throw new Error(`Unknown source ${stat.source}`);
  const organisation = i18n._(source.organisation);
  const title = source.title;
  const year = source.year;
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="facts-stat">
      <Stack gap="sm" h="100%">
        <Text className={classes.value}>{typeof stat.value === 'string' ? stat.value : i18n._(stat.value)}</Text>
        <Text size="sm" c="gray.8">
          {i18n._(stat.text)}
        </Text>
        <Text className={classes.source} data-testid="facts-stat-source">
          <Trans>
            Quelle: {organisation}, <cite>{title}</cite> ({year})
          </Trans>
        </Text>
      </Stack>
    </Card>
  );
}
