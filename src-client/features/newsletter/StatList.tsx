import { SimpleGrid, Text } from '@mantine/core';

export type Stat = { label: string; value: number | string; testId: string };

/** A few counts (or sums) side by side (two per row on a phone), as a description list: label, then number. */
export function StatList({ stats, cols = 4 }: { stats: Stat[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: cols }} component="dl" m={0}>
      {stats.map(({ label, value, testId }) => (
        <div key={testId}>
          <Text component="dt" size="sm" c="gray.7">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl" data-testid={testId}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
