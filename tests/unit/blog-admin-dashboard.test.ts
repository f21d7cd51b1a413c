import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminPostSummary } from '@shared/schemas/blog';
import { BlogAdminDashboard } from '@client/features/blog/admin/BlogAdminDashboard';
import { textOf } from '../support/html';
import { renderOnServer } from '../support/render-on-server';

// /blog-admin once its list has answered (spec §4: loading, then the list or its empty state; §7: the
// list or 'Fehler beim Laden: Blog-Posts konnten nicht geladen werden.'). A list that failed is not known
// to be empty: the page says it failed and offers to ask again, never "Noch keine Blog-Posts vorhanden."
// with "Ersten Post erstellen". It says so in that block only, as the other admin screens do (no toast
// besides: reflow-and-spacing.spec.ts).

const ADMIN = { id: 'admin-1', email: 'admin@schoolbox.test', firstName: 'Ada', lastName: 'Admin', isAdmin: true };

/** The dashboard as it renders once `blog.listAll` has given `outcome` (the retries are over). */
async function dashboardAfter(outcome: { posts: AdminPostSummary[] } | { error: Error }): Promise<string> {
  return renderOnServer(() => createElement(BlogAdminDashboard), {
    path: '/blog-admin',
    retryOnMount: false,
    signedInAs: ADMIN,
    prefetch: (trpc, queryClient) =>
      queryClient.prefetchQuery({
        ...trpc.blog.listAll.queryOptions(),
        queryFn: () => ('error' in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.posts)),
      }),
  });
}

describe('the blog admin dashboard', () => {
  it('says that the list could not be loaded, with "Erneut versuchen", and does not call it empty', async () => {
    const html = await dashboardAfter({ error: new Error('500') });
    const alert = /<div\b[^>]*role="alert"[^>]*>([\s\S]*)/.exec(html)?.[1] ?? '';
    expect(textOf(alert)).toContain('Fehler beim Laden');
    expect(textOf(alert)).toContain('Blog-Posts konnten nicht geladen werden. Ein unerwarteter Fehler ist aufgetreten.');
    expect(alert).toMatch(/<button\b[^>]*>[\s\S]*?Erneut versuchen/);
    expect(textOf(html)).not.toContain('Noch keine Blog-Posts vorhanden.');
    expect(textOf(html)).not.toContain('Ersten Post erstellen');
  });

  it('shows the empty state for a list that has answered with no posts', async () => {
    const html = await dashboardAfter({ posts: [] });
    expect(textOf(html)).toContain('Noch keine Blog-Posts vorhanden.');
    expect(textOf(html)).toContain('Ersten Post erstellen');
    expect(html).not.toContain('role="alert"');
  });
});
