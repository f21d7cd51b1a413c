import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './page.module.css';

type InfoCardProps = {
  icon?: Icon;
  title: ReactNode;
  /** Body text; a string or paragraph-level content becomes a grey paragraph. */
  text?: ReactNode;
  /** Anything below the text: a list, a button, figures. */
  children?: ReactNode;
  /** The heading level inside its section: h3 by default. */
  headingOrder?: 3 | 4;
  /** Draws the card in the primary colour's outline. */
  highlighted?: boolean;
  /** Something above the title, e.g. a badge. */
  top?: ReactNode;
  'data-testid'?: string;
};

/** The site's standard card: an icon, a heading, a short text and optional content, like the home feature cards. */
export function InfoCard({ icon: IconComponent, title, text, children, headingOrder = 3, highlighted, top, ...rest }: InfoCardProps) {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      className={classes.card}
      data-highlighted={highlighted || undefined}
      data-testid={rest['data-testid']}
    >
      <Stack gap="sm" h="100%">
        {IconComponent && (
          <ThemeIcon size={48} radius="md" variant="light">
            <IconComponent size={28} aria-hidden />
          </ThemeIcon>
        )}
        {top}
        <Title order={headingOrder} size="h4">
          {title}
        </Title>
        {text && (
          <Text size="sm" c="gray.7">
            {text}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
