/**
 * When a post is public (ADR 038): published = 1 and published_at passed. A published post whose
 * published_at is still ahead is scheduled. The server's queries and the admin dashboard both decide
 * with these, each with its own clock (ctx.clock on the server).
 */

/** Whether the public has been able to see the post: published_at set and passed. */
export function hasBeenPublic(publishedAt: string | null, now: Date): boolean {
  return publishedAt !== null && publishedAt <= now.toISOString();
}

/** A published post whose moment is still ahead: a draft for visitors until then. */
export function isScheduled(post: { published: boolean; publishedAt: string | null }, now: Date): boolean {
  return post.published && post.publishedAt !== null && post.publishedAt > now.toISOString();
}
