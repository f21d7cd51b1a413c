import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Container, Pagination, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isLocale, LOCALE_NAMES } from '@shared/locales';
import type { AdminSubscriber, SubscriberList as SubscriberListPage } from '@shared/schemas/newsletter';
import { showToast } from '@client/components/feedback/toast';
import { failureToast } from '@client/i18n/error-messages';
import { formatDate } from '@client/lib/format-date';
import { useTRPC } from '@client/trpc';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { useCsvExport } from '@client/features/admin/use-csv-export';
import { ConfirmDialog } from './ConfirmDialog';
import { NewsletterAdminHeader } from './NewsletterAdminHeader';
import { StatList } from './StatList';

/**
 * /newsletter-admin/subscribers: every address on the list, newest first, a page at a time, with the
 * counts; the whole list as a CSV file; deleting one address.
 */
export function SubscriberList({ page }: { page: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ ...trpc.newsletter.subscribers.queryOptions({ page }), placeholderData: keepPreviousData });
  const remove = useMutation(
    trpc.newsletter.deleteSubscriber.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries(trpc.newsletter.subscribers.pathFilter()),
    }),
  );
  const [deleting, setDeleting] = useState<AdminSubscriber | null>(null);

  const { isExporting, exportCsv } = useCsvExport(
    // Always the current list, and not kept in the cache afterwards.
    () => queryClient.fetchQuery({ ...trpc.newsletter.exportSubscribers.queryOptions(), staleTime: 0, gcTime: 0 }),
  );

  async function confirmDelete() {
    if (!deleting) return;
    const subscriber = deleting;
    try {
      await remove.mutateAsync({ id: subscriber.id });
      showToast({ color: 'green', title: t`Abonnent gelöscht`, message: subscriber.email });
    } catch (error) {
      showToast(failureToast(i18n, t`Der Abonnent konnte nicht gelöscht werden.`, error));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Container size="lg" py={48}>
      <NewsletterAdminHeader
        backToList
        title={<Trans>Abonnenten</Trans>}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={isExporting}
          >
            <Trans>CSV exportieren</Trans>
          </Button>
        }
      />

      {/* Loading, then the list; one that failed to load is the error with a way to ask again, never a blank page. */}
      <AdminQueryState query={list} loadingLabel={t`Abonnenten werden geladen`} errorText={t`Die Abonnenten konnten nicht geladen werden.`}>
        {(data) => (
          <>
            <Paper withBorder radius="md" p="lg" mb="xl">
              <StatList
                cols={3}
                stats={[
                  { label: t`Adressen insgesamt`, value: data.total, testId: 'subscribers-total' },
                  { label: t`Bestätigt`, value: data.confirmed, testId: 'subscribers-confirmed' },
                  { label: t`Über den Link abgemeldet`, value: data.unsubscribed, testId: 'subscribers-unsubscribed' },
                ]}
              />
              <Text size="sm" c="gray.7" mt="sm">
                <Trans>
                  Nur bestätigte Adressen erhalten den Newsletter. Wer sich über den Link in einer E-Mail abmeldet, wird gelöscht; gezählt
                  wird nur, wie viele es waren.
                </Trans>
              </Text>
            </Paper>

            {data.subscribers.length === 0 ? (
              <Paper withBorder radius="md" p="xl">
                <Text ta="center">
                  {data.total === 0 ? <Trans>Noch keine Abonnenten.</Trans> : <Trans>Auf dieser Seite gibt es keine Abonnenten.</Trans>}
                </Text>
              </Paper>
            ) : (
              // Positioned, so the visually hidden "Aktionen" heading (absolutely positioned) stays inside the
              // scroll box: on a narrow screen only the table scrolls sideways, not the page (WCAG 1.4.10).
              <Table.ScrollContainer minWidth={640} type="native" pos="relative">
                <Table striped verticalSpacing="sm" aria-label={t`Abonnenten`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>E-Mail</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Sprache</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Status</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Angemeldet am</Trans>
                      </Table.Th>
                      <Table.Th>
                        <VisuallyHidden>
                          <Trans>Aktionen</Trans>
                        </VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.subscribers.map((subscriber) => (
                      <SubscriberRow key={subscriber.id} subscriber={subscriber} onDelete={() => setDeleting(subscriber)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}

            {pageCount(data) > 1 && (
              <nav aria-label={t`Seiten der Abonnentenliste`}>
                <Pagination
                  mt="lg"
                  total={pageCount(data)}
                  value={page}
                  onChange={(next) => void navigate({ to: '/newsletter-admin/subscribers', search: next === 1 ? {} : { page: next } })}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? t`Vorherige Seite` : control === 'next' ? t`Nächste Seite` : undefined,
                  })}
                  getItemProps={(item) => ({ 'aria-label': t`Seite ${item}` })}
                />
              </nav>
            )}
          </>
        )}
      </AdminQueryState>

      <ConfirmDialog
        opened={deleting !== null}
        title={t`Abonnent löschen`}
        confirmLabel={<Trans>Löschen</Trans>}
        confirmColor="red"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <Text>
          <Trans>Soll diese Adresse wirklich gelöscht werden? Sie erhält dann keinen Newsletter mehr.</Trans>
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {deleting?.email}
        </Text>
      </ConfirmDialog>
    </Container>
  );
}

const pageCount = (list: SubscriberListPage) => Math.max(1, Math.ceil(list.total / list.pageSize));

function SubscriberRow({ subscriber, onDelete }: { subscriber: AdminSubscriber; onDelete(): void }) {
  const { t, i18n } = useLingui();
  const { email, locale } = subscriber;
  return (
    <Table.Tr data-testid="subscriber">
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{email}</Table.Td>
      <Table.Td>{isLocale(locale) ? LOCALE_NAMES[locale] : locale}</Table.Td>
      <Table.Td>
        <Badge variant="outline" color={subscriber.confirmed ? '#166534' : 'gray.8'}>
          {subscriber.confirmed ? t`Bestätigt` : t`Unbestätigt`}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(subscriber.createdAt, i18n.locale)}</Table.Td>
      <Table.Td ta="right">
        <ActionIcon variant="subtle" size="lg" color="red.8" aria-label={t`${email} löschen`} onClick={onDelete}>
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
