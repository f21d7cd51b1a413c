import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '@server/lib/i18n';
import type { OrderCheckoutStatus } from '@shared/schemas/checkout';
import { ThanksMessage } from '@client/features/checkout/OrderThanksPage';
import { textOf } from '../support/html';

// /checkout/danke while the payment is not confirmed (the webhook late, Stripe's API not answering): the
// page asks again for about a minute, then stops. What it says after that must be true without a reload:
// not "this page updates itself", but what happens next and where the buyer sees it.

const OPEN: OrderCheckoutStatus = { state: 'open', orderNumber: 'SB-260302-K7M2Q', totalCents: 6769 };

async function messageFor(status: OrderCheckoutStatus, stillAsking: boolean): Promise<string> {
  const rootRoute = createRootRoute({ component: () => createElement(ThanksMessage, { status, stillAsking }) });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/checkout/danke'] }) });
  await router.load();
  return renderToString(
    createElement(I18nProvider, { i18n: i18nFor('de') }, createElement(MantineProvider, null, createElement(RouterProvider, { router }))),
  );
}

describe('the order thank-you page with the payment not confirmed', () => {
  it('while it still asks: says that it updates itself', async () => {
    const text = textOf(await messageFor(OPEN, true));
    expect(text).toContain('Ihre Zahlung ist noch nicht bestätigt. Diese Seite aktualisiert sich gleich von selbst.');
  });

  it('once it has stopped asking: the confirmation comes by mail, and "Meine Bestellungen" shows the order; no promise to update', async () => {
    const html = await messageFor(OPEN, false);
    const text = textOf(html);
    expect(text).not.toContain('aktualisiert sich');
    expect(text).toContain(
      'Ihre Zahlung für die Bestellung SB-260302-K7M2Q ist noch nicht bestätigt. Sobald sie bestätigt ist, erhalten Sie die Bestellbestätigung per E-Mail. Den Stand sehen Sie jederzeit unter Meine Bestellungen in Ihrem Konto.',
    );
    expect(html).toMatch(/<a\b[^>]*href="\/account#orders"/);
  });
});
