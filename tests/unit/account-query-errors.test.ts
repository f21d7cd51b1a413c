import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MyOrder } from '@shared/schemas/checkout';
import { MyOrders } from '@client/features/account/MyOrders';
import { TwoFactorSection } from '@client/features/account/two-factor/TwoFactorSection';
import { textOf } from '../support/html';
import { renderOnServer, type TestQueryClient, type Trpc } from '../support/render-on-server';

// /account's sections that load their own data (the two-factor state, the user's orders): once their
// query has failed (the retries are over), the section says so with the translated reason and
// "Erneut versuchen", never a spinner that goes on for ever.

const USER = { id: 'user-1', email: 'ada@schoolbox.test', firstName: 'Ada', lastName: 'Lovelace', isAdmin: false };

/**
 * `section` as it renders once `prefetch` has filled (or failed) its query. Without `askedAgain`, a render
 * asks nothing: it shows the state the browser reaches once the retries have failed. With it, the state
 * of a query that failed and is asked again (the browser's "Erneut versuchen", or its mount after the
 * server's prefetch failed; the server renders that state too).
 */
const render = (
  section: () => ReactElement,
  prefetch: (trpc: Trpc, queryClient: TestQueryClient) => Promise<void>,
  { askedAgain = false } = {},
) =>
  renderOnServer(section, {
    path: '/account',
    retryOnMount: askedAgain,
    signedInAs: USER,
    withLocale: true,
    prefetch,
  });

function alertOf(html: string): string {
  return /<div\b[^>]*role="alert"[^>]*>([\s\S]*)/.exec(html)?.[1] ?? '';
}

const failed = () => Promise.reject(new Error('500'));

function expectLoadFailure(html: string) {
  expect(textOf(alertOf(html))).toContain('Fehler beim Laden');
  // The reason, translated (an answer without an error code: the unexpected error's words).
  expect(textOf(alertOf(html))).toContain('Ein unerwarteter Fehler ist aufgetreten.');
  expect(alertOf(html)).toMatch(/<button\b[^>]*>[\s\S]*?Erneut versuchen/);
  expect(html).not.toContain('aria-label="Wird geladen"');
}

describe('the two-factor section', () => {
  const renderAfter = (outcome: 'failed' | 'answered') =>
    render(
      () => createElement(TwoFactorSection, { sentHere: false }),
      async (trpc, queryClient) => {
        await queryClient.prefetchQuery({
          ...trpc.account.twoFactor.status.queryOptions(),
          queryFn: () =>
            outcome === 'failed' ? failed() : Promise.resolve({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false }),
        });
      },
    );

  it('says that its state could not be loaded, with "Erneut versuchen", instead of a spinner', async () => {
    expectLoadFailure(await renderAfter('failed'));
  });

  it('offers the set-up once its state has come', async () => {
    const html = await renderAfter('answered');
    expect(textOf(html)).toContain('Zwei-Faktor-Anmeldung einrichten');
    expect(html).not.toContain('role="alert"');
  });
});

// TanStack Query puts a failed query without data back to "pending" while it asks again: a spinner there
// would take the focus from "Erneut versuchen" and bring the next failure in an alert made afresh.
describe('a section whose query failed and is asked again', () => {
  it.each([
    ['the orders', () => createElement(MyOrders), (trpc: Trpc) => trpc.orders.mine.queryKey()],
    [
      'the two-factor state',
      () => createElement(TwoFactorSection, { sentHere: false }),
      (trpc: Trpc) => trpc.account.twoFactor.status.queryKey(),
    ],
  ])('keeps saying that %s could not be loaded, its button busy but focusable, instead of a spinner', async (_name, section, keyOf) => {
    const html = await render(
      section,
      async (trpc, queryClient) => {
        await queryClient.prefetchQuery({ queryKey: keyOf(trpc), queryFn: failed });
      },
      { askedAgain: true },
    );
    expect(textOf(alertOf(html))).toContain('Fehler beim Laden');
    const button = /<button\b[^>]*>(?=[\s\S]*?Erneut versuchen)/.exec(alertOf(html))?.[0] ?? '';
    expect(button).toContain('aria-disabled="true"');
    // Not disabled: a disabled button drops the keyboard's focus.
    expect(button).not.toMatch(/\sdisabled(=""|\s|>)/);
    expect(html).not.toContain('aria-label="Wird geladen"');
  });
});

describe('the orders section', () => {
  const renderAfter = (outcome: 'failed' | MyOrder[]) =>
    render(
      () => createElement(MyOrders),
      async (trpc, queryClient) => {
        await queryClient.prefetchQuery({
          ...trpc.orders.mine.queryOptions(),
          queryFn: () => (outcome === 'failed' ? failed() : Promise.resolve(outcome)),
        });
      },
    );

  it('says that the orders could not be loaded, with "Erneut versuchen", instead of a spinner', async () => {
    const html = await renderAfter('failed');
    expectLoadFailure(html);
    expect(textOf(html)).not.toContain('Sie haben noch nichts bestellt.');
  });

  it('says there are no orders once the answer says so', async () => {
    const html = await renderAfter([]);
    expect(textOf(html)).toContain('Sie haben noch nichts bestellt.');
    expect(html).not.toContain('role="alert"');
  });
});
