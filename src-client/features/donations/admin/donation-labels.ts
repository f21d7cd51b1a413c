import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DonationModeName, DonationStatusName } from '@shared/schemas/donations-admin';

/**
 * How each donation status reads in the admins' list, with the colour of its outlined badge: dark
 * shades, so the text keeps its contrast on the table's striped rows (light badges did not).
 */
export const DONATION_STATUS_LABELS: Record<DonationStatusName, { label: MessageDescriptor; color: string }> = {
  open: { label: msg`Offen (Checkout begonnen)`, color: 'gray.8' },
  pending: { label: msg`Ausstehend (Lastschrift)`, color: '#854d0e' },
  paid: { label: msg`Bezahlt`, color: '#166534' },
  active: { label: msg`Läuft (monatlich)`, color: '#166534' },
  failed: { label: msg`Fehlgeschlagen`, color: 'red.9' },
  expired: { label: msg`Abgelaufen`, color: 'gray.8' },
  refunded: { label: msg`Erstattet`, color: '#9a3412' },
  cancelled: { label: msg`Beendet`, color: 'gray.8' },
};

export const DONATION_MODE_LABELS: Record<DonationModeName, MessageDescriptor> = {
  one_time: msg`Einmalig`,
  monthly: msg`Monatlich`,
};
