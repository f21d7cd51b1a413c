import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Container, NativeSelect, Stack, Text } from '@mantine/core';
// The field styles come with forms (useSchemaForm); this page has a select but no form.
import '@client/lib/forms/form-styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGE_STATES, type MessageState } from '@shared/message-filters';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminPagination } from '@client/features/admin/AdminPagination';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { MessageCard } from './MessageCard';
import { formatDateTime } from '@client/lib/format-date';

export type MessagesAdminSearch = { state?: MessageState | undefined; page?: number | undefined };

/**
 * /messages-admin (`messagesAdmin.list`): the contact form's messages, newest first, all or only those
 * waiting for an answer or answered (in the address, so the back button undoes a change). They are
 * deleted by the retention job after the time the privacy page states, answered or not.
 */
export function MessagesAdminPage({ search }: { search: MessagesAdminSearch }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { state, page = 1 } = search;
  const messages = useQuery({ ...useTRPC().messagesAdmin.list.queryOptions({ state, page }), placeholderData: keepPreviousData });
  const go = (next: MessagesAdminSearch) => void navigate({ to: '/messages-admin', search: next });
  const formatDate = (iso: string) => formatDateTime(iso, locale);
  const stateLabels: Record<MessageState, string> = { unanswered: t`Unbeantwortet`, answered: t`Beantwortet` };

  return (
    <Container size="lg" py={48}>
      <AdminPageHeader title={<Trans>Nachrichten</Trans>}>
        <Text maw={720}>
          <Trans>
            Die Nachrichten aus dem Kontaktformular, die neuesten zuerst. Antworten Sie per E-Mail und markieren Sie die Nachricht danach
            als beantwortet.
          </Trans>
        </Text>
      </AdminPageHeader>

      <search aria-label={t`Nachrichten filtern`}>
        <NativeSelect
          label={t`Anzeigen`}
          mb="lg"
          maw={280}
          value={state ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            go({ state: (MESSAGE_STATES as readonly string[]).includes(value) ? (value as MessageState) : undefined });
          }}
          data={[{ value: '', label: t`Alle Nachrichten` }, ...MESSAGE_STATES.map((value) => ({ value, label: stateLabels[value] }))]}
        />
      </search>

      <AdminQueryState
        query={messages}
        loadingLabel={t`Nachrichten werden geladen`}
        isEmpty={(data) => data.messages.length === 0}
        empty={state ? <Trans>Keine Nachrichten für diese Auswahl.</Trans> : <Trans>Noch keine Nachrichten.</Trans>}
      >
        {(data) => (
          <>
            <Text size="sm" c="gray.7" mb="xs" role="status">
              {t({ message: plural(data.total, { one: '# Nachricht', other: '# Nachrichten' }) })}
            </Text>
            <Stack gap="md">
              {data.messages.map((message) => (
                <MessageCard key={message.id} message={message} formatDate={formatDate} />
              ))}
            </Stack>
            <AdminPagination
              label={t`Seiten der Nachrichtenliste`}
              page={page}
              total={data.total}
              pageSize={data.pageSize}
              onChange={(next) => go({ state, page: next === 1 ? undefined : next })}
            />
          </>
        )}
      </AdminQueryState>
    </Container>
  );
}
