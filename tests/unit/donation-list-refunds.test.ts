import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminDonation } from '@shared/schemas/donations-admin';
import { DonationList } from '@client/features/donations/admin/DonationList';
import { textOf } from '../support/html';
import { renderOnServer } from '../support/render-on-server';

const donation = (id: string, fields: Partial<AdminDonation>): AdminDonation => ({
  id,
  mode: 'one_time',
  status: 'paid',
  amountCents: 2500,
  currency: 'eur',
  donorName: null,
  donorEmail: `${id}@example.org`,
  receiptAddress: null,
  locale: 'de',
  createdAt: '2026-03-05T08:00:00.000Z',
  confirmedAt: '2026-03-05T08:01:00.000Z',
  paymentsReceived: 1,
  receivedCents: 2500,
  partlyRefundedCents: 0,
  stripeUrl: null,
  ...fields,
});

// A €25 gift of which €10 went back in Stripe's dashboard: the list shows the €15 that stayed, and what
// went back under it; a gift refunded in nothing says nothing of refunds.
describe('the donations list (admin)', () => {
  it('shows what went back of a payment refunded in part under what stayed', async () => {
    const html = await renderOnServer(
      () =>
        createElement(DonationList, {
          donations: [donation('part', { receivedCents: 1500, partlyRefundedCents: 1000 }), donation('whole', {})],
          filtered: false,
        }),
      { path: '/donations-admin', withLocale: true },
    );
    const rows = html.split('data-testid="donation-row"').slice(1);
    expect(rows).toHaveLength(2);
    expect(textOf(rows[0] ?? '')).toContain('15,00 € 1 Zahlung 10,00 € erstattet');
    expect(rows[1]).not.toContain('donation-partly-refunded');
    expect(textOf(rows[1] ?? '')).not.toContain('erstattet');
  });
});
