import { Card, Stack, Text, Title } from '@mantine/core';
import type { PublicPostSummary } from '@shared/schemas/blog';
import { PlainLink } from '@client/components/links';
import { SmartImage } from '@client/components/media/SmartImage';
import blogImage from '@client/assets/hero-schoolbox.svg';
import classes from './blog.module.css';
import { AuthorAndReadingTime, CardTags, CategoryAndDate } from './PostMeta';

type BlogCardProps = { post: PublicPostSummary; onOpen(post: PublicPostSummary): void; large?: boolean };

/** How wide a card's picture is shown: the featured card's half or a grid column, the full width on a phone. */
const FEATURED_SIZES = '(min-width: 75em) 620px, (min-width: 48em) 55vw, calc(100vw - 2rem)';
const CARD_SIZES = '(min-width: 62em) 350px, (min-width: 48em) 50vw, calc(100vw - 2rem)';

/**
 * A post in the list. The whole card opens the post; the title is a real link to /blog/<slug> so it
 * also works with a middle click, a screen reader or without the dialog. The router writes its address,
 * so it keeps the page's language as every other link does (`?lang=fr`; German has none); a plain click
 * opens the dialog instead (the router's own navigation sees the prevented default and stays out).
 */
export function BlogCard({ post, onOpen, large = false }: BlogCardProps) {
  return (
    <Card
      // The language of the card's text: a post shown in German on an English page says so (screen readers).
      lang={post.lang}
      withBorder
      radius="md"
      padding="lg"
      className={large ? classes.featured : classes.card}
      data-testid={large ? 'featured-post' : 'post-card'}
    >
      <Card.Section className={large ? classes.featuredImage : undefined}>
        {/* The featured post's picture is above the fold (often the largest paint): fetched at once. */}
        <SmartImage
          src={post.imageUrl ?? blogImage}
          alt={post.imageUrl ? (post.imageAlt ?? '') : ''}
          aspectRatio={16 / 9}
          radius="0"
          loading={large ? 'eager' : 'lazy'}
          sizes={large ? FEATURED_SIZES : CARD_SIZES}
        />
      </Card.Section>
      <Stack gap="sm" mt="md" className={classes.body}>
        <CategoryAndDate category={post.category} publishedAt={post.publishedAt} />
        <Title order={large ? 2 : 3} size={large ? 'h2' : 'h4'} className={classes.title}>
          <PlainLink
            to="/blog/$slug"
            params={{ slug: post.slug }}
            className={classes.titleLink}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpen(post);
            }}
          >
            {post.title}
          </PlainLink>
        </Title>
        {post.excerpt && (
          <Text c="gray.7" size="sm" lineClamp={large ? 4 : 3}>
            {post.excerpt}
          </Text>
        )}
        <CardTags tags={post.tags} />
        <AuthorAndReadingTime author={post.author} />
      </Stack>
    </Card>
  );
}
