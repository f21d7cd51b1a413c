import type { PublicPost } from '@shared/schemas/blog';
import { ResponsiveImage } from '@client/features/media/ResponsiveImage';
import classes from './article.module.css';

/** How wide a post's picture is shown: the text column (Container "sm" less its padding), or the screen. */
export const POST_PICTURE_SIZES = '(min-width: 45em) 688px, calc(100vw - 2rem)';

/**
 * A post's picture at the top of the article or dialog: the largest paint of an article page, so it is
 * fetched at once and with high priority. Its alt text is in the post's language; an older post whose
 * picture nobody described yet shows it as decoration.
 */
export function PostPicture({ post }: { post: PublicPost }) {
  if (!post.imageUrl) return null;
  return (
    <ResponsiveImage
      src={post.imageUrl}
      alt={post.imageAlt ?? ''}
      sizes={POST_PICTURE_SIZES}
      className={classes.picture}
      loading="eager"
      fetchPriority="high"
    />
  );
}
