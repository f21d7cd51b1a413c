import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@shared/locales';
import type { PostNeighbour } from '@shared/schemas/blog-article';
import { PlainLink } from '@client/components/links';
import { useTRPC } from '@client/trpc';
import classes from './article.module.css';

/** Links to the older and the newer post (the route's loader fetched them); nothing while unknown. */
export function PostNeighbourLinks({ slug, lang }: { slug: string; lang: Locale }) {
  const { t } = useLingui();
  const { data } = useQuery(useTRPC().blog.neighbours.queryOptions({ slug, lang }));
  if (!data || (!data.previous && !data.next)) return null;
  return (
    <SimpleGrid component="nav" aria-label={t`Weitere Beiträge`} cols={{ base: 1, sm: 2 }} spacing="md" data-testid="post-neighbours">
      {data.previous ? (
        <NeighbourLink post={data.previous} pageLang={lang} rel="prev">
          <Trans>← Vorheriger Beitrag</Trans>
        </NeighbourLink>
      ) : (
        <span />
      )}
      {data.next && (
        <NeighbourLink post={data.next} pageLang={lang} rel="next" alignEnd>
          <Trans>Nächster Beitrag →</Trans>
        </NeighbourLink>
      )}
    </SimpleGrid>
  );
}

function NeighbourLink({
  post,
  pageLang,
  rel,
  alignEnd = false,
  children,
}: {
  post: PostNeighbour;
  pageLang: Locale;
  rel: 'prev' | 'next';
  alignEnd?: boolean;
  children: React.ReactNode;
}) {
  return (
    <PlainLink
      to="/blog/$slug"
      params={{ slug: post.slug }}
      rel={rel}
      className={classes.neighbour}
      data-align={alignEnd ? 'end' : 'start'}
    >
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {children}
        </Text>
        <Text fw={600} lang={post.lang !== pageLang ? post.lang : undefined}>
          {post.title}
        </Text>
      </Stack>
    </PlainLink>
  );
}
