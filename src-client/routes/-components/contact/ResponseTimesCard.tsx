import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { RESPONSE_TIMES } from './contact-content';
import classes from './contact.module.css';

/** How fast we answer general, partnership and media inquiries. */
export function ResponseTimesCard() {
  const { i18n } = useLingui();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="contact-response-times">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          <IconClock size={22} aria-hidden />
        </ThemeIcon>
        <Title order={3} size="h4">
          <Trans>Antwortzeiten</Trans>
        </Title>
      </Group>
      <dl className={classes.times}>
        {RESPONSE_TIMES.map((item) => (
          <div key={item.key} className={classes.time} data-testid="contact-response-time">
            <dt>{i18n._(item.label)}</dt>
            <dd>{i18n._(item.time)}</dd>
          </div>
        ))}
      </dl>
      <Text size="xs" c="gray.7" mt="md">
        <Trans>An Werktagen von Montag bis Freitag.</Trans>
      </Text>
    </Card>
  );
}
