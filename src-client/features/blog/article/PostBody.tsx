import { Badge, Group, Text } from '@mantine/core';
import type { PublicPost } from '@shared/schemas/blog';
import blogClasses from '../blog.module.css';
import { PostPicture } from './PostPicture';

/**
 * What the article page and the dialog show below a post's title: the picture, the excerpt, the full
 * text and all tags. The text is plain text, rendered as text (never as HTML), with its line breaks kept.
 */
export function PostBody({ post }: { post: PublicPost }) {
  return (
    <>
      <PostPicture post={post} />
      {post.excerpt && (
        <Text fw={500} size="lg">
          {post.excerpt}
        </Text>
      )}
      <Text className={blogClasses.content} data-testid="post-content">
        {post.content}
      </Text>
      {post.tags.length > 0 && (
        <Group gap={6}>
          {post.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray.8" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
