import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { toLocale, type Locale } from '@shared/locales';

/**
 * The languages around a post: its own (`post.lang`, written on the element that holds its text, so a
 * screen reader pronounces German as German on an English page) and the page's. When the post has no
 * version in the page's language, interface bits inside the post (date, labels) carry the page's.
 */
export function usePostLanguage(postLang: Locale): { pageLang: Locale; isFallback: boolean; uiLang: Locale | undefined } {
  const pageLang = toLocale(useLingui().i18n.locale);
  const isFallback = postLang !== pageLang;
  return { pageLang, isFallback, uiLang: isFallback ? pageLang : undefined };
}

/** "This post is only available in German", in the page's language, above a post shown in its original. */
export function GermanOnlyNote() {
  return (
    <Group gap={6} wrap="nowrap" role="note" data-testid="post-language-note">
      <IconLanguage size={18} aria-hidden />
      <Text size="sm" c="gray.7">
        <Trans>Dieser Beitrag ist nur auf Deutsch verfügbar</Trans>
      </Text>
    </Group>
  );
}
