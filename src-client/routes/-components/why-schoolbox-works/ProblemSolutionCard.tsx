import { Trans } from '@lingui/react/macro';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './why.module.css';

type ProblemSolutionCardProps = { icon: Icon; title: string; problem: string; solution: ReactNode };

/** One of the five problems: the problem on the left, our solution on the right. */
export function ProblemSolutionCard({ icon: TopicIcon, title, problem, solution }: ProblemSolutionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="why-problem">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light">
          <TopicIcon size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3} size="h3">
          {title}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={6}>
          <Text className={classes.label} data-kind="problem">
            <IconAlertTriangle size={16} aria-hidden />
            <Trans>Das Problem</Trans>
          </Text>
          <Text size="sm" c="gray.8">
            {problem}
          </Text>
        </Stack>
        <Stack gap={6} className={classes.solution}>
          <Text className={classes.label} data-kind="solution">
            <IconBulb size={16} aria-hidden />
            <Trans>Unsere Lösung</Trans>
          </Text>
          <Text size="sm" c="gray.8">
            {solution}
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
