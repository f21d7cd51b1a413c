import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '@shared/locales';

/** The blog's RSS feed in one language (src-server/blog/feeds.ts): its items in that language where they have a version. */
export function blogFeedUrl(lang: Locale): string {
  return `/blog/rss.xml?lang=${lang}`;
}

/** The page head's pointer to the feed in the page's language, so feed readers find it from any page. */
export function blogFeedLink(i18n: I18n, lang: Locale) {
  return { rel: 'alternate', type: 'application/rss+xml', title: i18n._(msg`SchoolBox Blog (RSS)`), href: blogFeedUrl(lang) };
}
