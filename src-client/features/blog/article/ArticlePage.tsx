import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { PublicPost } from '@shared/schemas/blog';
import { AnchorLink } from '@client/components/links';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { formatDate } from '@client/lib/format-date';
import blogClasses from '../blog.module.css';
import { articleUrl } from './article-head';
import { categoryLabel } from '@shared/blog-categories';
import { GermanOnlyNote, usePostLanguage } from './post-language';
import { PostNeighbourLinks } from './PostNeighbourLinks';
import { PostBody } from './PostBody';
import { ShareLinks } from './ShareLinks';

/**
 * /blog/<slug> loaded by its address: the post as a page of its own (h1 = its title), with share links,
 * the older and newer post and the way back to the list. The text is plain text, rendered as text
 * (never as HTML), with its line breaks kept.
 */
export function ArticlePage({ post }: { post: PublicPost }) {
  const { i18n } = useLingui();
  const { pageLang, isFallback, uiLang } = usePostLanguage(post.lang);
  const publicUrl = useSiteConfig().data?.publicUrl;
  return (
    <Container size="sm" py={48}>
      <Stack gap="xl">
        <AnchorLink to="/blog" size="sm" c="gray.8" w="fit-content">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            <Trans>Zurück zum Blog</Trans>
          </Group>
        </AnchorLink>

        {isFallback && <GermanOnlyNote />}

        <Stack component="article" gap="lg" lang={post.lang} data-testid="article">
          <Stack gap="sm" component="header">
            <Group gap="xs" lang={uiLang}>
              <Badge variant="light">{categoryLabel(post.category, (d) => i18n._(d))}</Badge>
              <Text size="sm" c="gray.7">
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.locale)}</time>
              </Text>
            </Group>
            <Title order={1} className={blogClasses.title}>
              {post.title}
            </Title>
            <Text fw={500}>{post.author}</Text>
          </Stack>
          <PostBody post={post} />
        </Stack>

        {publicUrl && <ShareLinks title={post.title} url={articleUrl(publicUrl, post.slug, pageLang)} />}
        <Divider />
        <PostNeighbourLinks slug={post.slug} lang={pageLang} />
      </Stack>
    </Container>
  );
}
