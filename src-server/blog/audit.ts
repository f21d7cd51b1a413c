/**
 * The audit entries of a save to the blog (issue 21): what the admin did to a post, told apart from the
 * row before and after, so that "who published this?" is one filter on the audit screen. Called inside
 * the save's transaction. A save that changed nothing about publication or featuring adds no such entry.
 */
import type { AuditAction } from '@shared/audit';
import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import type { BlogPostRow } from '../db/schema';

type Publication = 'draft' | 'scheduled' | 'public';

function publicationOf(row: BlogPostRow, now: Date): Publication {
  if (row.published !== 1) return 'draft';
  return row.published_at !== null && row.published_at > now.toISOString() ? 'scheduled' : 'public';
}

/** What the change did to the post's publication and its featured flag, as audit actions. */
function stateChanges(before: BlogPostRow | null, after: BlogPostRow, now: Date): AuditAction[] {
  const actions: AuditAction[] = [];
  const was = before ? publicationOf(before, now) : 'draft';
  const is = publicationOf(after, now);
  if (is === 'scheduled' && (was !== 'scheduled' || before?.published_at !== after.published_at)) actions.push('post.scheduled');
  else if (is !== was) actions.push(is === 'public' ? 'post.published' : 'post.unpublished');
  const wasFeatured = before?.featured === 1;
  if (after.featured === 1 && !wasFeatured) actions.push('post.featured');
  if (after.featured !== 1 && wasFeatured) actions.push('post.unfeatured');
  return actions;
}

const postDetail = (row: BlogPostRow) => ({ title: row.title, slug: row.slug, publishedAt: row.published_at });

/**
 * Records a save: `post.created` / `post.edited` when `saved` says so (the form's save), then one entry per
 * change of publication or featuring.
 */
export async function recordPostChange(
  trx: Db,
  actor: AuditActor,
  change: { before: BlogPostRow | null; after: BlogPostRow; saved: boolean },
  now: Date,
): Promise<void> {
  const { before, after, saved } = change;
  const actions: AuditAction[] = saved ? [before ? 'post.edited' : 'post.created'] : [];
  actions.push(...stateChanges(before, after, now));
  for (const action of actions)
    await recordAudit(trx, actor, { action, objectType: 'post', objectId: after.id, detail: postDetail(after) }, now);
}

export async function recordPostDeleted(trx: Db, actor: AuditActor, row: BlogPostRow, now: Date): Promise<void> {
  await recordAudit(trx, actor, { action: 'post.deleted', objectType: 'post', objectId: row.id, detail: postDetail(row) }, now);
}
