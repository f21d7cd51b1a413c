/**
 * Scheduled publishing (ADR 038). A post is public when published = 1 and published_at <= now; a
 * published post whose published_at is still ahead is scheduled. There is no column of its own:
 * published_at is the moment the post becomes (or became) public, and it never moves once passed, so
 * a post's date and address stay what readers have seen.
 */
import { hasBeenPublic } from '@shared/post-schedule';
import type { Db } from '../db/connect';

/**
 * published_at after a save: a post that has been public keeps its date (a schedule cannot hide it
 * again; the eye does that). Otherwise a draft has none, and a published post gets the time the form
 * asked for (ahead: scheduled; passed: public now with that date) or, without one, the moment of saving.
 */
export function publicationTime(
  current: string | null,
  values: { published: boolean; publishAt: string | null },
  now: Date,
): string | null {
  if (hasBeenPublic(current, now)) return current;
  if (!values.published) return null;
  return values.publishAt ?? now.toISOString();
}

/**
 * published_at after the eye: switching a post on publishes it now (a scheduled one too: the admin
 * wants it out at once), switching it off hides it and, for a scheduled post, drops the schedule.
 */
export function publicationTimeOnToggle(current: string | null, published: boolean, now: Date): string | null {
  if (hasBeenPublic(current, now)) return current;
  return published ? now.toISOString() : null;
}

/** The first moment after `since` at which a scheduled post becomes public, or null when none is. */
export async function findNextPublicationTime(db: Db, since: string): Promise<string | null> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('published', '=', 1)
    .where('published_at', '>', since)
    .executeTakeFirst();
  return row?.next ?? null;
}
