import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { BlogCategory } from '@shared/constants';
import { toLocale } from '@shared/locales';
import type { PublicPostSummary } from '@shared/schemas/blog';
import { ButtonLink } from '@client/components/links';
import { useTRPC } from '@client/trpc';
import { postDialogState } from './article/post-dialog';
import { BlogCard } from './BlogCard';
import { blogFeedUrl } from './blog-feed';
import { blogListQuery } from './blog-queries';
import { CATEGORY_LABELS } from '@shared/blog-categories';
import { NewsletterBlock } from './NewsletterBlock';

/** /blog: the filter row, the featured post, the grid of the others, 'Mehr laden' and the newsletter. */
export function BlogPage({ category }: { category: BlogCategory | undefined }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  // While another category loads, the current list stays (and the filter row keeps its focus).
  const lang = toLocale(i18n.locale);
  const posts = useInfiniteQuery({ ...blogListQuery(trpc, category, lang), placeholderData: keepPreviousData });
  useEffect(() => {
    // Spec: a failed fetch is logged and leaves the list empty; the visitor sees no error.
    if (posts.isError) console.error('Error fetching blog posts', posts.error);
  }, [posts.isError, posts.error]);

  const featured = posts.data?.pages[0]?.featured ?? null;
  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  // A button for each category that has published posts (the server says which), none that would find nothing.
  const categories = posts.data?.pages[0]?.categories ?? [];
  // The dialog's address keeps the category: the list below it is the filtered one, and closing the dialog
  // goes back to it. It is no part of the post's own address (the root's canonical leaves it out).
  const open = (post: PublicPostSummary) =>
    void navigate({ to: '/blog/$slug', params: { slug: post.slug }, search: { category }, state: postDialogState(), resetScroll: false });

  return (
    <Container size="lg" py={48}>
      {posts.isPending ? (
        <Center py={120}>
          <Loader size="lg" aria-label={t`Blog-Beiträge werden geladen`} />
        </Center>
      ) : (
        <Stack gap={40}>
          <Stack gap="xs" ta="center" align="center">
            <Title order={1}>
              <Trans>Blog</Trans>
            </Title>
            <Text c="gray.7" maw={640}>
              <Trans>
                Neuigkeiten, Geschichten und Einblicke aus unserem Projekt – von der ersten Idee bis zum fertigen Klassenzimmer.
              </Trans>
            </Text>
            <Anchor href={blogFeedUrl(lang)} size="sm" c="gray.8" type="application/rss+xml">
              <Group gap={6} component="span" wrap="nowrap">
                <IconRss size={16} aria-hidden />
                <Trans>Blog als RSS-Feed abonnieren</Trans>
              </Group>
            </Anchor>
          </Stack>

          <Group gap="xs" justify="center" role="group" aria-label={t`Nach Kategorie filtern`}>
            <CategoryButton active={!category} category={undefined}>
              <Trans>Alle</Trans>
            </CategoryButton>
            {categories.map((name) => (
              <CategoryButton key={name} active={category === name} category={name}>
                {i18n._(CATEGORY_LABELS[name])}
              </CategoryButton>
            ))}
          </Group>

          {featured && <BlogCard post={featured} onOpen={open} large />}

          {list.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {list.map((post) => (
                <BlogCard key={post.id} post={post} onOpen={open} />
              ))}
            </SimpleGrid>
          ) : (
            !featured && (
              <Text ta="center" c="gray.7" py="xl">
                <Trans>Hier gibt es noch keine Beiträge.</Trans>
              </Text>
            )
          )}

          {posts.hasNextPage && (
            <Center>
              <Button variant="outline" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
                <Trans>Mehr laden</Trans>
              </Button>
            </Center>
          )}

          <NewsletterBlock />
        </Stack>
      )}
    </Container>
  );
}

function CategoryButton({
  active,
  category,
  children,
}: {
  active: boolean;
  category: BlogCategory | undefined;
  children: React.ReactNode;
}) {
  return (
    <ButtonLink
      to="/blog"
      search={(previous) => ({ ...previous, category })}
      resetScroll={false}
      variant={active ? 'filled' : 'default'}
      size="sm"
      radius="xl"
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </ButtonLink>
  );
}
