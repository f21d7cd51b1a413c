import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseAdminPage } from '@shared/admin-page';
import { AUDIT_ACTIONS, type AuditAction } from '@shared/audit';
import { AuditAdminPage, type AuditAdminSearch } from '@client/features/audit/AuditAdminPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// `?actor=anna@example.org&action=post.deleted&page=2`; a value the list does not know is left out.
const auditSearch = (search: Record<string, unknown>): AuditAdminSearch => {
  return {
    actor: typeof search.actor === 'string' && search.actor.length > 0 && search.actor.length <= 320 ? search.actor : undefined,
    action: (AUDIT_ACTIONS as readonly unknown[]).includes(search.action) ? (search.action as AuditAction) : undefined,
    page: parseAdminPage(search.page),
  };
};

export const Route = createFileRoute('/_admin/audit-admin')({
  validateSearch: auditSearch,
  // Only the list's own keys: the raw search (lang=…) stays beside them.
  loaderDeps: ({ search: { actor, action, page } }) => ({ actor, action, page }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Protokoll`, msg`Wer hat wann was in der Verwaltung getan.`),
  loader: ({ context, deps: { page = 1, ...filter } }) =>
    waitOnServer(
      context,
      context.queryClient.prefetchQuery(context.trpc.audit.list.queryOptions({ ...filter, page })),
      context.queryClient.prefetchQuery(context.trpc.audit.actors.queryOptions()),
    ),
  component: AuditAdminRoute,
});

function AuditAdminRoute() {
  const { actor, action, page } = Route.useSearch();
  return <AuditAdminPage search={{ actor, action, page }} />;
}
