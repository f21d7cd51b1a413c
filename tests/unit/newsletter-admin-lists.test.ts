import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminNewsletter, SubscriberList as SubscriberListPage } from '@shared/schemas/newsletter';
import type { NewsletterFailures } from '@shared/schemas/newsletter-failures';
import { NewsletterList } from '@client/features/newsletter/NewsletterList';
import { SubscriberList } from '@client/features/newsletter/SubscriberList';
import { textOf } from '../support/html';
import { renderOnServer, type TestQueryClient, type Trpc } from '../support/render-on-server';

// /newsletter-admin and its subscriber list once their query has answered: a list that failed is not
// known to be empty, so the page says it failed and offers to ask again (AdminQueryState), never "Noch
// keine Newsletter vorhanden." nor a blank area. A sent newsletter with failed mails shows the mail
// server's answer and "Fehlgeschlagene E-Mails erneut senden", a button that names its newsletter.

const ADMIN = { id: 'admin-1', email: 'admin@schoolbox.test', firstName: 'Ada', lastName: 'Admin', isAdmin: true };

/** `page` as it renders once `prefetch` has filled (or failed) its queries (the retries are over). */
const render = (page: () => ReactElement, prefetch: (trpc: Trpc, queryClient: TestQueryClient) => Promise<void>) =>
  renderOnServer(page, { path: '/newsletter-admin', retryOnMount: false, signedInAs: ADMIN, prefetch });

function alertOf(html: string): string {
  return /<div\b[^>]*role="alert"[^>]*>([\s\S]*)/.exec(html)?.[1] ?? '';
}

const SENT: AdminNewsletter = {
  id: 'n1',
  subjectDe: 'Neues vom Projekt',
  bodyDe: 'Hallo!',
  subjectEn: '',
  bodyEn: '',
  subjectFr: '',
  bodyFr: '',
  imageUrl: '',
  imageAltDe: '',
  imageAltEn: '',
  imageAltFr: '',
  status: 'sent',
  createdBy: 'Ada Admin',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  sendStartedAt: '2026-03-01T10:05:00.000Z',
  sentAt: '2026-03-01T10:05:00.000Z',
  progress: { total: 60, queued: 0, sent: 10, failed: 50 },
  version: 2,
};

describe('the newsletter list', () => {
  const listAfter = (outcome: { newsletters: AdminNewsletter[]; failures?: NewsletterFailures } | { error: Error }) =>
    render(
      () => createElement(NewsletterList),
      async (trpc, queryClient) => {
        await queryClient.prefetchQuery({
          ...trpc.newsletter.list.queryOptions(),
          queryFn: () => ('error' in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.newsletters)),
        });
        if ('failures' in outcome && outcome.failures)
          queryClient.setQueryData(trpc.newsletter.failures.queryKey({ id: SENT.id }), outcome.failures);
      },
    );

  it('says that the list could not be loaded, with "Erneut versuchen", and does not call it empty', async () => {
    const html = await listAfter({ error: new Error('500') });
    expect(textOf(alertOf(html))).toContain('Fehler beim Laden');
    // What failed is said there, where the list would be (no toast besides).
    expect(textOf(alertOf(html))).toContain('Die Newsletter konnten nicht geladen werden.');
    expect(alertOf(html)).toMatch(/<button\b[^>]*>[\s\S]*?Erneut versuchen/);
    expect(textOf(html)).not.toContain('Noch keine Newsletter vorhanden.');
    expect(textOf(html)).not.toContain('Ersten Newsletter schreiben');
  });

  it('shows the empty state for a list that has answered with no newsletters', async () => {
    const html = await listAfter({ newsletters: [] });
    expect(textOf(html)).toContain('Noch keine Newsletter vorhanden.');
    expect(html).not.toContain('role="alert"');
  });

  it('shows why mails of a sent newsletter failed, and the button to send them again', async () => {
    const failures = { reasons: [{ reason: '554 5.7.1 <[address]>: Relay access denied', count: 50 }], resendable: 48 };
    const html = await listAfter({ newsletters: [SENT], failures });
    const text = textOf(html);
    expect(text).toContain('50 fehlgeschlagen');
    expect(text).toContain('Antwort des Mailservers:');
    expect(text).toContain('50 × 554 5.7.1 <[address]>: Relay access denied');
    expect(text).toContain('2 davon gingen an Adressen, die nicht mehr angemeldet sind');
    expect(html).toMatch(/<button\b[^>]*>[\s\S]*?Fehlgeschlagene E-Mails erneut senden/);
    // Among several newsletters, a screen reader hears which one the button is for: its subject.
    const describedBy = /<button\b[^>]*aria-describedby="([^"]+)"[^>]*>[\s\S]*?Fehlgeschlagene E-Mails erneut senden/.exec(html)?.[1];
    expect(describedBy).toBeDefined();
    const named = new RegExp(`<a\\b[^>]*id="${describedBy}"[^>]*>([\\s\\S]*?)</a>`).exec(html)?.[1] ?? '';
    expect(textOf(named)).toBe('Neues vom Projekt');
  });

  it('offers no resend when none of the failed mails goes to an address still on the list', async () => {
    const html = await listAfter({ newsletters: [SENT], failures: { reasons: [], resendable: 0 } });
    expect(html).not.toContain('Fehlgeschlagene E-Mails erneut senden');
  });
});

describe('the subscriber list', () => {
  const subscribersAfter = (outcome: { list: SubscriberListPage } | { error: Error }) =>
    render(
      () => createElement(SubscriberList, { page: 1 }),
      async (trpc, queryClient) => {
        await queryClient.prefetchQuery({
          ...trpc.newsletter.subscribers.queryOptions({ page: 1 }),
          queryFn: () => ('error' in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.list)),
        });
      },
    );

  it('says that the list could not be loaded, with "Erneut versuchen", instead of a blank area', async () => {
    const html = await subscribersAfter({ error: new Error('500') });
    expect(textOf(alertOf(html))).toContain('Fehler beim Laden');
    expect(textOf(alertOf(html))).toContain('Die Abonnenten konnten nicht geladen werden.');
    expect(alertOf(html)).toMatch(/<button\b[^>]*>[\s\S]*?Erneut versuchen/);
  });

  it('shows the counts and the addresses once the list has answered', async () => {
    const list: SubscriberListPage = {
      subscribers: [
        {
          id: 's1',
          email: 'ada@example.org',
          locale: 'de',
          confirmed: true,
          confirmedAt: '2026-03-01T10:00:00.000Z',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
      page: 1,
      pageSize: 50,
      total: 1,
      confirmed: 1,
      unsubscribed: 0,
    };
    const html = await subscribersAfter({ list });
    expect(textOf(html)).toContain('ada@example.org');
    expect(textOf(html)).toContain('Adressen insgesamt');
    expect(html).not.toContain('role="alert"');
  });
});
