/** The post form's values (what the admin edits), made from a post. */
import { DEFAULT_BLOG_CATEGORY } from '@shared/constants';
import { isScheduled } from '@shared/post-schedule';
import type { AdminPost, PostText } from '@shared/schemas/blog';
import { utcToTeamWallTime } from '@shared/team-wall-time';

/** One language's fields as the form holds them (tags as the comma separated text the admin types). */
function textValues(text: PostText | null | undefined) {
  return {
    title: text?.title ?? '',
    excerpt: text?.excerpt ?? '',
    content: text?.content ?? '',
    tags: text?.tags.join(', ') ?? '',
    imageAlt: text?.imageAlt ?? '',
  };
}

/**
 * The form's value for a post's scheduled moment: its Berlin wall time while it is scheduled, else
 * empty (publish at once). Called when the form opens, after a click: never while the server renders.
 */
function initialPublishAt(post: AdminPost | null): string {
  return post && isScheduled(post, new Date()) && post.publishedAt ? utcToTeamWallTime(post.publishedAt) : '';
}

export function postFormValues(post: AdminPost | null) {
  return {
    // What all languages share.
    author: post?.author ?? '',
    category: post?.category ?? DEFAULT_BLOG_CATEGORY,
    imageUrl: post?.imageUrl ?? '',
    published: post?.published ?? false,
    featured: post?.featured ?? false,
    publishAt: initialPublishAt(post),
    // The text per language: a tab left empty means the post has no version in that language.
    translations: {
      de: textValues(post?.translations.de),
      en: textValues(post?.translations.en),
      fr: textValues(post?.translations.fr),
    },
  };
}
