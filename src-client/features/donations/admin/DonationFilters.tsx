import { useLingui } from '@lingui/react/macro';
import { Group, NativeSelect } from '@mantine/core';
// The field styles come with forms (useSchemaForm); this page has selects but no form.
import '@client/lib/forms/form-styles';
import { DONATION_MODES, DONATION_STATUSES, type DonationFilter } from '@shared/schemas/donations-admin';
import { DONATION_MODE_LABELS, DONATION_STATUS_LABELS } from './donation-labels';
import { monthChoices, monthLabel } from './month-label';

/**
 * The list's three filters as plain selects (they live in the address, so a filtered list can be
 * bookmarked and the back button undoes a change). "" is "all".
 */
export function DonationFilters({
  filter,
  months,
  onChange,
}: {
  filter: DonationFilter;
  /** Months with money in them, "2026-03". */
  months: string[];
  onChange(next: DonationFilter): void;
}) {
  const { t, i18n } = useLingui();
  const choices = monthChoices(new Date(), filter.month ? [...months, filter.month] : months);
  return (
    <Group gap="md" mb="lg" align="flex-end" role="search" aria-label={t`Spenden filtern`}>
      <NativeSelect
        label={t`Monat`}
        value={filter.month ?? ''}
        onChange={(event) => onChange({ ...filter, month: event.currentTarget.value || undefined })}
        data={[{ value: '', label: t`Alle Monate` }, ...choices.map((month) => ({ value: month, label: monthLabel(month, i18n.locale) }))]}
      />
      <NativeSelect
        label={t`Art`}
        value={filter.mode ?? ''}
        onChange={(event) =>
          onChange({
            ...filter,
            mode: (DONATION_MODES as readonly string[]).includes(event.currentTarget.value)
              ? (event.currentTarget.value as DonationFilter['mode'])
              : undefined,
          })
        }
        data={[
          { value: '', label: t`Einmalig und monatlich` },
          ...DONATION_MODES.map((mode) => ({ value: mode, label: i18n._(DONATION_MODE_LABELS[mode]) })),
        ]}
      />
      <NativeSelect
        label={t`Status`}
        value={filter.status ?? ''}
        onChange={(event) =>
          onChange({
            ...filter,
            status: (DONATION_STATUSES as readonly string[]).includes(event.currentTarget.value)
              ? (event.currentTarget.value as DonationFilter['status'])
              : undefined,
          })
        }
        data={[
          { value: '', label: t`Alle` },
          ...DONATION_STATUSES.map((status) => ({ value: status, label: i18n._(DONATION_STATUS_LABELS[status].label) })),
        ]}
      />
    </Group>
  );
}
