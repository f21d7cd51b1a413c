import { Trans } from '@lingui/react/macro';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusConflictNotice } from './edit-conflict';
import { SubmitButton } from './SubmitButton';
import type { SchemaForm } from './use-schema-form';

type EditConflictNoticeProps = {
  /** What happened, naming the thing ("Jemand anderes hat diesen Post … geändert."). */
  title: ReactNode;
  /** Said besides, e.g. what the other change did to the post's publication. */
  children?: ReactNode;
  /** The form's state, for its "Trotzdem speichern" (a submit button of the form). */
  form: Pick<SchemaForm<never>, 'isSubmitting' | 'isReady'>;
  /** A link to the stored version in a new tab, to compare. */
  currentLink: ReactNode;
};

/**
 * Shown in an admin form whose save met another admin's change (EDIT_CONFLICT): the form has kept what
 * was typed and taken over the other change wherever nothing was typed. "Trotzdem speichern" sends the
 * form over the stored version; the link opens that version to compare. It takes focus when it appears,
 * so a screen reader reads it before anything else, also when a dialog closes at the same moment
 * (focusConflictNotice).
 */
export function EditConflictNotice({ title, children, form, currentLink }: EditConflictNoticeProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? focusConflictNotice(box.current) : undefined), []);
  return (
    <Paper
      ref={box}
      tabIndex={-1}
      withBorder
      radius="md"
      p="md"
      bg="yellow.0"
      role="alert"
      aria-labelledby={titleId}
      data-testid="edit-conflict"
    >
      <Stack gap="sm">
        <Text id={titleId} fw={600}>
          {title}
        </Text>
        <Text size="sm">
          <Trans>
            Ihre Eingaben sind noch da. Felder, die Sie nicht geändert haben, zeigen jetzt den gespeicherten Stand. Wo Sie etwas geändert
            haben, ersetzt Ihre Fassung beim Speichern die andere.
          </Trans>
        </Text>
        {children}
        <Group gap="md">
          <SubmitButton form={form}>
            <Trans>Trotzdem speichern</Trans>
          </SubmitButton>
          {currentLink}
        </Group>
      </Stack>
    </Paper>
  );
}
