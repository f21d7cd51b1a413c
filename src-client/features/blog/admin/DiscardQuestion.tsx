import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/**
 * Asked in the post dialog when it is closed with changes in it (Escape, a click beside it, × or
 * "Abbrechen"): in the page's language and inside the dialog, rather than the browser's own confirm box.
 * "Weiter bearbeiten" takes focus, so a second Escape or Enter keeps what was typed.
 */
export function DiscardQuestion({ onDiscard, onKeep }: { onDiscard(): void; onKeep(): void }) {
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p="md" mb="md" bg="yellow.0" role="group" aria-labelledby={textId} data-testid="discard-question">
      <Text id={textId} fw={600} mb="sm">
        <Trans>Ihre Änderungen an diesem Post sind nicht gespeichert.</Trans>
      </Text>
      <Group gap="sm">
        <Button ref={keep} onClick={onKeep}>
          <Trans>Weiter bearbeiten</Trans>
        </Button>
        <Button variant="default" color="red" onClick={onDiscard}>
          <Trans>Änderungen verwerfen</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
