import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
// The field styles come with forms (useSchemaForm); this page has fields but no schema form.
import '@client/lib/forms/form-styles';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES, type OrderStatus } from '@shared/order-filters';
import { ORDER_STATUS_LABELS } from './order-status';

export type OrderFilterValues = { status?: OrderStatus | undefined; q?: string | undefined };

/**
 * The orders list's status select and search (e-mail or order number). Both live in the address, so a
 * filtered list can be bookmarked and the back button undoes a change; the search applies on Enter or
 * the button, the status at once.
 */
export function OrderFilters({ filter, onChange }: { filter: OrderFilterValues; onChange(next: OrderFilterValues): void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(filter.q ?? '');

  return (
    <search aria-label={t`Bestellungen filtern`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filter, q: text.trim() || undefined });
        }}
      >
        <Group gap="md" mb="lg" align="flex-end">
          <NativeSelect
            label={t`Status`}
            value={filter.status ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ ...filter, status: (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : undefined });
            }}
            data={[
              { value: '', label: t`Alle` },
              ...ORDER_STATUSES.map((status) => ({ value: status, label: i18n._(ORDER_STATUS_LABELS[status].label) })),
            ]}
          />
          <TextInput
            type="search"
            label={t`E-Mail oder Bestellnummer`}
            value={text}
            maxLength={ORDER_SEARCH_MAX_LENGTH}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={18} aria-hidden />}>
            <Trans>Suchen</Trans>
          </Button>
        </Group>
      </form>
    </search>
  );
}
