import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { parseOfficeHours } from '@shared/office-hours';
import { WhatsAppWidget } from '@client/components/layout/WhatsAppWidget';
import { textOf } from '../support/html';
import { renderOnServer } from '../support/render-on-server';

/** The widget as the server renders it at `serverTime` (its first rendering reads that time). */
async function widgetAt(serverTime: string): Promise<string> {
  return renderOnServer(() => createElement(WhatsAppWidget), {
    path: '/',
    prefetch: (trpc, queryClient) => {
      queryClient.setQueryData(trpc.site.config.queryKey(), {
        whatsapp: { number: '+49 221 123456', officeHours: parseOfficeHours('mon-fri 09:00-17:00') },
        serverTime,
      } as never);
    },
  });
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
