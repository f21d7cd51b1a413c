import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '@server/lib/i18n';
import { parseOfficeHours } from '@shared/office-hours';
import { WhatsAppWidget } from '@client/components/layout/WhatsAppWidget';
import { createBrowserTrpc, createQueryClient } from '@client/trpc';
import { textOf } from '../support/html';

/** The widget as the server renders it at `serverTime` (its first rendering reads that time). */
async function widgetAt(serverTime: string): Promise<string> {
  const queryClient = createQueryClient({ isServer: true });
  const trpc = createBrowserTrpc(queryClient);
  queryClient.setQueryData(trpc.site.config.queryKey(), {
    whatsapp: { number: '+49 221 123456', officeHours: parseOfficeHours('mon-fri 09:00-17:00') },
    serverTime,
  } as never);
  const rootRoute = createRootRoute({ component: () => createElement(WhatsAppWidget) });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { trpc } as never,
  });
  await router.load();
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(I18nProvider, { i18n: i18nFor('de') }, createElement(MantineProvider, null, createElement(RouterProvider, { router }))),
    ),
  );
}

// The office hours are the team's clock in Cologne: a visitor in New York or Nairobi reads "09:00–17:00"
// as their own time unless the widget says whose it is.
describe('the WhatsApp widget offline', () => {
  it('names the office hours as German time', async () => {
    // Saturday 10:00 in Cologne: offline.
    const text = textOf(await widgetAt('2026-01-10T09:00:00.000Z'));
    expect(text).toContain('Offline');
    expect(text).toMatch(/Bürozeiten: Mo\.?–Fr\.? 09:00–17:00 \(deutsche Zeit\)\./);
  });
});
