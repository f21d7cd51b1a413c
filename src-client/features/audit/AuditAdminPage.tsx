import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Group, NativeSelect, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
// The field styles come with forms (useSchemaForm); this page has selects but no form.
import '@client/lib/forms/form-styles';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AUDIT_ACTIONS, type AuditAction } from '@shared/audit';
import type { AuditEntry, AuditFilter } from '@shared/schemas/audit';
import { AnchorLink } from '@client/components/links';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminPagination } from '@client/features/admin/AdminPagination';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { formatDateTime } from '@client/lib/format-date';
import { useTRPC } from '@client/trpc';
import { useCsvExport } from '@client/features/admin/use-csv-export';
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_LABELS, AUDIT_OBJECT_LABELS } from './audit-labels';

export type AuditAdminSearch = AuditFilter & { page?: number | undefined };

/**
 * /audit-admin: who did what, when, from which address — newest first, a page at a time, narrowed by
 * person and action (both in the address, so a view can be bookmarked), and the same entries as CSV.
 * Nothing here changes an entry: the trail can only be read (ADR 042).
 */
export function AuditAdminPage({ search }: { search: AuditAdminSearch }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { page = 1, ...filter } = search;
  const list = useQuery({ ...trpc.audit.list.queryOptions({ ...filter, page }), placeholderData: keepPreviousData });
  const actors = useQuery(trpc.audit.actors.queryOptions());

  const go = (next: AuditAdminSearch) => void navigate({ to: '/audit-admin', search: next });
  const actorLabel = (email: string) => {
    const label = AUDIT_ACTOR_LABELS[email];
    return label ? i18n._(label) : email;
  };
  // The chosen person stays selectable while the list of people loads (or after their entries expired).
  const people = [...new Set([...(actors.data ?? []), ...(filter.actor ? [filter.actor] : [])])];

  const { isExporting, exportCsv } = useCsvExport(
    // Always the current entries, and not kept in the cache afterwards.
    () => queryClient.fetchQuery({ ...trpc.audit.exportCsv.queryOptions(filter), staleTime: 0, gcTime: 0 }),
    // The export is an entry of its own.
    () => void queryClient.invalidateQueries(trpc.audit.pathFilter()),
  );

  return (
    <Container size="xl" py={48}>
      <AdminPageHeader
        title={<Trans>Protokoll</Trans>}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={isExporting}
          >
            <Trans>Als CSV exportieren</Trans>
          </Button>
        }
      >
        <Text c="gray.7">
          <Trans>
            Wer hat wann was getan: jede Aktion der Administratoren, mit der IP-Adresse. Einträge lassen sich nicht ändern oder löschen.
          </Trans>
        </Text>
      </AdminPageHeader>

      <Group gap="md" mb="lg" align="flex-end" role="search" aria-label={t`Protokoll filtern`}>
        <NativeSelect
          label={t`Person`}
          value={filter.actor ?? ''}
          onChange={(event) => go({ ...filter, actor: event.currentTarget.value || undefined })}
          data={[{ value: '', label: t`Alle Personen` }, ...people.map((email) => ({ value: email, label: actorLabel(email) }))]}
        />
        <NativeSelect
          label={t`Aktion`}
          value={filter.action ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            go({ ...filter, action: (AUDIT_ACTIONS as readonly string[]).includes(value) ? (value as AuditAction) : undefined });
          }}
          data={[
            { value: '', label: t`Alle Aktionen` },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: i18n._(AUDIT_ACTION_LABELS[action]) })),
          ]}
        />
      </Group>

      <AdminQueryState
        query={list}
        loadingLabel={t`Protokoll wird geladen`}
        isEmpty={(data) => data.entries.length === 0}
        empty={filter.actor || filter.action ? <Trans>Keine Einträge für diese Auswahl.</Trans> : <Trans>Noch keine Einträge.</Trans>}
      >
        {(data) => (
          <>
            <AuditTable entries={data.entries} actorLabel={actorLabel} />
            <AdminPagination
              label={t`Seiten des Protokolls`}
              page={data.page}
              total={data.total}
              pageSize={data.pageSize}
              onChange={(next) => go({ ...filter, page: next === 1 ? undefined : next })}
            />
          </>
        )}
      </AdminQueryState>
    </Container>
  );
}

function AuditTable({ entries, actorLabel }: { entries: AuditEntry[]; actorLabel: (email: string) => string }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={900} type="native" pos="relative">
      <Table striped verticalSpacing="sm" aria-label={t`Protokoll`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Zeit`}</Table.Th>
            <Table.Th scope="col">{t`Person`}</Table.Th>
            <Table.Th scope="col">{t`Aktion`}</Table.Th>
            <Table.Th scope="col">{t`Objekt`}</Table.Th>
            <Table.Th scope="col">{t`IP-Adresse`}</Table.Th>
            <Table.Th scope="col">{t`Details`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt, i18n.locale)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{actorLabel(entry.actorEmail)}</Table.Td>
              <Table.Td>{AUDIT_ACTION_LABELS[entry.action] ? i18n._(AUDIT_ACTION_LABELS[entry.action]) : entry.action}</Table.Td>
              <Table.Td>
                <AuditObject entry={entry} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.ip || '–'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {Object.entries(entry.detail)
                    .filter(([, value]) => value !== null && value !== '')
                    .map(([key, value]) => `${key}: ${String(value)}`)
                    .join(' · ') || '–'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The object's kind and id, linked to the admin page that shows it where there is one. */
function AuditObject({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  if (!entry.objectType) return <>–</>;
  const label = AUDIT_OBJECT_LABELS[entry.objectType];
  const kind = label ? i18n._(label) : entry.objectType;
  const text = `${kind} ${entry.objectId}`.trim();
  switch (entry.objectType) {
    case 'post':
      return <AnchorLink to="/blog-admin">{text}</AnchorLink>;
    case 'newsletter':
      return (
        <AnchorLink to="/newsletter-admin/$id" params={{ id: entry.objectId }}>
          {text}
        </AnchorLink>
      );
    case 'subscriber':
      return <AnchorLink to="/newsletter-admin/subscribers">{text}</AnchorLink>;
    case 'order':
      return <AnchorLink to="/orders-admin">{text}</AnchorLink>;
    default:
      return <>{text}</>;
  }
}
