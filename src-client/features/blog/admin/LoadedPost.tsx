import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminPost } from '@shared/schemas/blog';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { useTRPC } from '@client/trpc';

/**
 * A saved post whole, for the form that edits it: the admin list holds only titles and states, so the
 * form loads its post (every version's text) when it opens. A spinner meanwhile, the error with "Erneut
 * versuchen" when it could not be loaded (deleted meanwhile, no connection).
 */
export function LoadedPost({ id, children }: { id: string; children: (post: AdminPost) => ReactNode }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  // Dropped when the form closes: opened again, it loads the post as it is then, never an earlier copy
  // (a save over an old version would meet an edit conflict of the admin's own making). While the form is
  // open a new answer changes nothing in it: the form starts from the post it opened with (PostForm).
  const post = useQuery(trpc.blog.adminGet.queryOptions({ id }, { gcTime: 0 }));
  return (
    <AdminQueryState query={post} loadingLabel={t`Blog-Post wird geladen`} errorText={t`Der Blog-Post konnte nicht geladen werden.`}>
      {children}
    </AdminQueryState>
  );
}
