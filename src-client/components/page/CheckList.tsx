import { List, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type CheckListProps = {
  items: { key: string; content: ReactNode }[];
  /** Put on every item, so tests can count them. */
  itemTestId?: string;
  size?: 'sm' | 'md';
};

/** A bulleted list with check marks, for features, examples and cost items. */
export function CheckList({ items, itemTestId, size = 'sm' }: CheckListProps) {
  return (
    <List
      spacing="xs"
      size={size}
      c="gray.8"
      icon={
        <ThemeIcon size={20} radius="xl" variant="light">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item.key} data-testid={itemTestId}>
          {item.content}
        </List.Item>
      ))}
    </List>
  );
}
