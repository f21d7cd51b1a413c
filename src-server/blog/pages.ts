import type { PageMeta } from '../http/shell-meta';
import type { Db } from '../db/connect';
import { findPublishedPostBySlug } from './queries';

const POST_PAGE = /^\/blog\/([^/]+)\/?$/;

/**
 * For /blog/<slug>: whether the post exists (a real 404 for a draft or a typo) and the page's own
 * title and description. Null for every other path.
 */
export async function blogPostPage(db: Db, path: string): Promise<{ status: 200 | 404; meta?: PageMeta } | null> {
  const match = POST_PAGE.exec(path);
  if (!match?.[1]) return null;
  // Hono has already decoded the path; slugs are plain [a-z0-9-], so no second decoding is needed.
  const post = await findPublishedPostBySlug(db, match[1]);
  if (!post) return { status: 404 };
  return { status: 200, meta: { title: `${post.title} · SchoolBox`, description: post.excerpt ?? post.content.slice(0, 160) } };
}
