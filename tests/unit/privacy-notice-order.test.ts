import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '@server/lib/i18n';
import { type OrderRecipients, PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { textOf } from '../support/html';

// The notice above the order button (legal-de.md §3.1): besides what the data is for, it names who else
// gets it — Printful (production and shipping) only when orders go to Printful, Stripe only with online
// payment — and links to the privacy page's section on orders.

async function orderNotice(recipients: OrderRecipients): Promise<{ text: string; href: string | null }> {
  const rootRoute = createRootRoute({ component: () => createElement(PrivacyNotice, { kind: 'order', recipients }) });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/checkout'] }) });
  await router.load();
  const html = renderToString(
    createElement(I18nProvider, { i18n: i18nFor('de') }, createElement(MantineProvider, null, createElement(RouterProvider, { router }))),
  );
  const notice = /data-testid="privacy-notice"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return { text: textOf(notice), href: /href="([^"]*)"/.exec(notice)?.[1] ?? null };
}

describe('the privacy notice at checkout', () => {
  it('names Printful with the data it gets, and Stripe, when both are on; links to the orders section', async () => {
    const notice = await orderNotice({ printful: true, stripe: true });
    expect(notice.text).toContain('um Ihre Bestellung auszuführen');
    expect(notice.text).toContain('Printful Ihren Namen, Ihre Lieferadresse, Ihre E-Mail-Adresse, falls angegeben Ihre Telefonnummer');
    expect(notice.text).toContain('Die Zahlung wickelt Stripe ab');
    expect(notice.href).toMatch(/^\/datenschutz(\?[^#]*)?#orders$/);
  });

  it('does not name Stripe without online payment, nor Printful without it', async () => {
    const noStripe = await orderNotice({ printful: true, stripe: false });
    expect(noStripe.text).toContain('Printful');
    expect(noStripe.text).not.toContain('Stripe');
    const neither = await orderNotice({ printful: false, stripe: false });
    expect(neither.text).not.toContain('Printful');
    expect(neither.text).not.toContain('Stripe');
    expect(neither.text).toContain('um Ihre Bestellung auszuführen');
    expect(neither.href).toMatch(/#orders$/);
  });
});
