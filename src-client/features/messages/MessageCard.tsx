import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_TYPE_LABELS } from '@shared/contact-inquiry-types';
import { isLocale, LOCALE_NAMES } from '@shared/locales';
import type { AdminMessage } from '@shared/schemas/messages-admin';
import { showToast } from '@client/components/feedback/toast';
import { failureToast } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { replyLink } from './reply-link';

/**
 * One contact message: who wrote, about what, when and in which language, the text as written, the
 * answer by mail (the admin's own mail program) and, once answered, the mark that says so and who set it.
 */
export function MessageCard({ message, formatDate }: { message: AdminMessage; formatDate: (iso: string) => string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const markAnswered = useMutation(
    trpc.messagesAdmin.markAnswered.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.messagesAdmin.list.pathFilter()),
    }),
  );
  const received = formatDate(message.createdAt);
  const headingId = `message-${message.id}`;

  async function mark() {
    try {
      await markAnswered.mutateAsync({ id: message.id });
      showToast({ color: 'green', title: t`Als beantwortet markiert`, message: message.subject });
    } catch (error) {
      showToast(failureToast(i18n, t`Die Nachricht konnte nicht markiert werden.`, error));
    }
  }

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p="md" data-testid="admin-message">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Title>
          <Badge variant="light" color="blue" styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={2}>
            {i18n._(INQUIRY_TYPE_LABELS[message.inquiryType])}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>{message.name}</strong>
          {message.organization && <> · {message.organization}</>} · {message.email}
        </Text>
        <Text size="xs" c="gray.7">
          {t`Eingegangen am ${received}`}
          {isLocale(message.locale) && <> · {LOCALE_NAMES[message.locale]}</>}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="admin-message-text">
          {message.message}
        </Text>
        <Group gap="sm" mt="xs">
          <Button
            component="a"
            href={replyLink(message)}
            variant="default"
            size="sm"
            leftSection={<IconMail size={16} aria-hidden />}
            data-testid="admin-message-reply"
          >
            <Trans>Per E-Mail antworten</Trans>
          </Button>
          {message.answeredAt ? (
            <Text size="sm" c="teal.9" data-testid="admin-message-answered">
              <IconCheck size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {message.answeredBy
                ? t`Beantwortet am ${formatDate(message.answeredAt)} von ${message.answeredBy}`
                : t`Beantwortet am ${formatDate(message.answeredAt)}`}
            </Text>
          ) : (
            <Button size="sm" variant="light" loading={markAnswered.isPending} onClick={() => void mark()} data-testid="admin-message-mark">
              <Trans>Als beantwortet markieren</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
