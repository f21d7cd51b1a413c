import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseAdminPage } from '@shared/admin-page';
import { MESSAGE_STATES } from '@shared/message-filters';
import { MessagesAdminPage, type MessagesAdminSearch } from '@client/features/messages/MessagesAdminPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// `?state=unanswered&page=2`; a value the list does not know is left out.
const messagesSearch = (search: Record<string, unknown>): MessagesAdminSearch => {
  return {
    state: (MESSAGE_STATES as readonly unknown[]).includes(search.state) ? (search.state as MessagesAdminSearch['state']) : undefined,
    page: parseAdminPage(search.page),
  };
};

export const Route = createFileRoute('/_admin/messages-admin')({
  validateSearch: messagesSearch,
  // Only the list's own keys: the raw search (lang=…) stays beside them.
  loaderDeps: ({ search: { state, page } }) => ({ state, page }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Nachrichten`, msg`Die Nachrichten aus dem Kontaktformular von SchoolBox.`),
  loader: ({ context, deps: { state, page = 1 } }) =>
    waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.messagesAdmin.list.queryOptions({ state, page }))),
  component: MessagesAdminRoute,
});

function MessagesAdminRoute() {
  const { state, page } = Route.useSearch();
  return <MessagesAdminPage search={{ state, page }} />;
}
