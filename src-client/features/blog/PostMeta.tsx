import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { BLOG_CARD_TAGS } from '@shared/constants';
import { formatDate } from '@client/lib/format-date';
import { categoryLabel } from '@shared/blog-categories';

export function CategoryAndDate({ category, publishedAt }: { category: string; publishedAt: string }) {
  const { i18n } = useLingui();
  return (
    <Group gap="xs">
      <Badge variant="light">{categoryLabel(category, (d) => i18n._(d))}</Badge>
      <Text size="sm" c="gray.7">
        <time dateTime={publishedAt}>{formatDate(publishedAt, i18n.locale)}</time>
      </Text>
    </Group>
  );
}

/** The first two tags, then "+N" for the rest (spec §9). */
export function CardTags({ tags }: { tags: string[] }) {
  const { t } = useLingui();
  if (tags.length === 0) return null;
  const rest = tags.length - BLOG_CARD_TAGS;
  return (
    <Group gap={6} data-testid="card-tags">
      {tags.slice(0, BLOG_CARD_TAGS).map((tag) => (
        <Badge key={tag} variant="outline" color="gray.8" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" color="gray.8" size="sm" aria-label={t`und ${rest} weitere`}>
          +{rest}
        </Badge>
      )}
    </Group>
  );
}

export function AuthorAndReadingTime({ author }: { author: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={500}>
        {author}
      </Text>
      <Group gap={4}>
        <IconClock size={14} aria-hidden />
        <Text size="sm" c="gray.7">
          <Trans>5 Min Lesezeit</Trans>
        </Text>
      </Group>
    </Group>
  );
}
