/**
 * The posts before and after one post, for the "previous / next" links of an article page: in the
 * public list's order (published_at, then id), among the posts the public can see, each with its title
 * in the page's language (the German original where that language has no version).
 */
import type { Locale } from '@shared/locales';
import type { PostNeighbour, PostNeighbours } from '@shared/schemas/blog-article';
import type { Db } from '../db/connect';
import { visiblePosts as publicPosts } from './queries';

type Position = { id: string; publishedAt: string };

/** The posts the public may see (the one rule, queries.ts), as "p" to join their translations to. */
function visiblePosts(db: Db, now: string) {
  return db.selectFrom(publicPosts(db, now).selectAll().as('p'));
}

async function neighbour(db: Db, from: Position, direction: 'older' | 'newer', lang: Locale, now: string): Promise<PostNeighbour | null> {
  const before = direction === 'older';
  const row = await visiblePosts(db, now)
    .leftJoin('post_translations as t', (join) => join.onRef('t.post_id', '=', 'p.id').on('t.locale', '=', lang))
    .where((eb) =>
      eb.or([
        eb('p.published_at', before ? '<' : '>', from.publishedAt),
        eb.and([eb('p.published_at', '=', from.publishedAt), eb('p.id', before ? '<' : '>', from.id)]),
      ]),
    )
    .select(['p.slug', 'p.title as originalTitle', 't.title as translatedTitle'])
    .orderBy('p.published_at', before ? 'desc' : 'asc')
    .orderBy('p.id', before ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return row.translatedTitle
    ? { slug: row.slug, title: row.translatedTitle, lang }
    : { slug: row.slug, title: row.originalTitle, lang: 'de' };
}

/** previous = the next older post, next = the next newer one; both null when the post is not public. */
export async function findNeighbours(db: Db, slug: string, lang: Locale, now: Date): Promise<PostNeighbours> {
  const at = now.toISOString();
  const current = await visiblePosts(db, at).where('p.slug', '=', slug).select(['p.id', 'p.published_at']).executeTakeFirst();
  if (!current?.published_at) return { previous: null, next: null };
  const from = { id: current.id, publishedAt: current.published_at };
  const [previous, next] = await Promise.all([neighbour(db, from, 'older', lang, at), neighbour(db, from, 'newer', lang, at)]);
  return { previous, next };
}
