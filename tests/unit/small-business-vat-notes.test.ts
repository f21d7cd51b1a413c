import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';
import { legalDetails } from '@server/site/legal-details';
import type { CartLine } from '@shared/cart';
import { OrderTerms } from '@client/features/checkout/OrderTerms';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { PriceNote } from '@client/features/shop/PriceNote';
import { textOf } from '../support/html';
import { renderOnServer } from '../support/render-on-server';

// Beside every price and above the order button (legal-de.md §4.5): "inkl. MwSt." unless the association
// uses the small-business rule (KLEINUNTERNEHMER); then no VAT is charged, and saying it is included
// would mislead (§ 5 UWG): the § 19 UStG sentence stands in its place. Both components read the setting
// from data the page brings along (site.config, site.legal), as the server renders them.

const NO_VAT = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';
/** The text with plain spaces, and without the space textOf leaves where a link ends before a full stop. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/ \./g, '.');

async function priceNote(kleinunternehmer: boolean | undefined): Promise<{ text: string; html: string }> {
  const html = await renderOnServer(() => createElement(PriceNote), {
    path: '/shop',
    prefetch: (trpc, queryClient) => {
      if (kleinunternehmer !== undefined) queryClient.setQueryData(trpc.site.config.queryKey(), { kleinunternehmer } as never);
    },
  });
  return { text: plain(textOf(html)), html };
}

const LINES: CartLine[] = [{ id: '5001', name: 'SchoolBox Tee', image: null, color: 'Navy', size: 'M', quantity: 2, priceCents: 2490 }];

async function orderTerms(kleinunternehmer: boolean): Promise<string> {
  const env = { PUBLIC_URL: 'https://schoolbox.example', KLEINUNTERNEHMER: String(kleinunternehmer) };
  const html = await renderOnServer(() => createElement(OrderTerms, { lines: LINES }), {
    path: '/checkout',
    prefetch: (trpc, queryClient) => {
      queryClient.setQueryData(legalDetailsQuery(trpc).queryKey, legalDetails(parseConfig(env)));
    },
  });
  return plain(textOf(html));
}

describe('the price note beside a price', () => {
  it('says "inkl. MwSt." and the shipping, linked to the terms’ prices, without the setting', async () => {
    const { text, html } = await priceNote(false);
    expect(text).toBe('inkl. MwSt., zzgl. 4,99 € Versand');
    expect(html).toMatch(/<a\b[^>]*href="\/agb#prices"/);
  });

  it('with KLEINUNTERNEHMER: the shipping, still linked, and the § 19 sentence; no "MwSt."', async () => {
    const { text, html } = await priceNote(true);
    expect(text).toBe(`zzgl. 4,99 € Versand. ${NO_VAT}`);
    expect(text).not.toContain('MwSt');
    expect(html).toMatch(/<a\b[^>]*href="\/agb#prices"/);
  });
});

describe('the order terms above the order button', () => {
  it('name the total "Gesamtsumme inkl. MwSt." without the setting', async () => {
    const text = await orderTerms(false);
    expect(text).toContain('Gesamtsumme inkl. MwSt. 54,79 €');
    expect(text).not.toContain('§ 19 UStG');
  });

  it('with KLEINUNTERNEHMER: "Gesamtsumme" and the § 19 sentence; no "MwSt."', async () => {
    const text = await orderTerms(true);
    expect(text).toContain(`Gesamtsumme 54,79 € ${NO_VAT}`);
    expect(text).not.toContain('MwSt');
  });
});
