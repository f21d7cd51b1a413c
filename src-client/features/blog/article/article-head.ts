import type { I18n } from '@lingui/core';
import { LOCALE_SEARCH_PARAM, localeSearchValue, type Locale } from '@shared/locales';
import { mediaSources } from '@shared/media';
import type { PublicPost } from '@shared/schemas/blog';
import { absoluteUrl, DEFAULT_SHARE_IMAGE, jsonLdTag, type JsonLd, organizationJsonLd, pageHead, shareImageMeta } from '@client/lib/head';
import { POST_PICTURE_SIZES } from './PostPicture';

/** A post's address in a language, written out in full: German without a parameter, the others with `?lang=`. */
export function articleUrl(publicUrl: string, slug: string, locale: Locale): string {
  const lang = localeSearchValue(locale);
  return `${publicUrl}/blog/${encodeURIComponent(slug)}${lang ? `?${LOCALE_SEARCH_PARAM}=${lang}` : ''}`;
}

/**
 * Whether a shared post shows a picture of its own. Not an SVG: Facebook, LinkedIn and X show none in a
 * preview (the demo posts' pictures are SVG), so such a post is shared with the site's default picture.
 * The post's loader tells the root route (`ownSharePicture`), whose default would otherwise leave its
 * width and height beside the post's picture.
 */
export function hasOwnSharePicture(post: Pick<PublicPost, 'imageUrl'>): boolean {
  return post.imageUrl !== null && !/\.svg(?:[?#]|$)/i.test(post.imageUrl);
}

/**
 * The picture a shared post shows: for an uploaded one its largest JPEG (1600 px wide at most; every
 * preview service reads JPEG), with its size; a pasted https picture as it is, without a size (unknown);
 * none without a picture or with an SVG (the site's default from the root route stays).
 */
function sharePicture(publicUrl: string, post: PublicPost) {
  if (!post.imageUrl || !hasOwnSharePicture(post)) return null;
  const alt = post.imageAlt ?? post.title;
  const media = mediaSources(post.imageUrl);
  if (media) return { url: absoluteUrl(publicUrl, media.fallback), alt, width: media.width, height: media.height };
  return { url: absoluteUrl(publicUrl, post.imageUrl), alt };
}

/** schema.org BlogPosting: what search engines show for an article (headline, dates, author, picture). */
function blogPostingJsonLd(post: PublicPost, publicUrl: string, orgName: string, url: string, image: string): JsonLd {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    datePublished: post.publishedAt,
    // A public post carries no later change date; its publication is its last public version.
    dateModified: post.publishedAt,
    author: { '@type': 'Person', name: post.author },
    image: [image],
    inLanguage: post.lang,
    articleSection: post.category,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    publisher: organizationJsonLd(publicUrl, orgName),
  };
}

/** The picture's preload: it is the article page's largest paint and should not wait for the stylesheet. */
function picturePreload(imageUrl: string) {
  const media = mediaSources(imageUrl);
  // AVIF only: a browser that cannot show AVIF ignores the hint and picks from the <picture> as usual.
  if (media)
    return {
      rel: 'preload',
      as: 'image',
      type: 'image/avif',
      imageSrcSet: media.avif,
      imageSizes: POST_PICTURE_SIZES,
      fetchPriority: 'high' as const,
    };
  return { rel: 'preload', as: 'image', href: imageUrl, fetchPriority: 'high' as const };
}

/**
 * The head of a post's page: its title and excerpt, `og:type=article` with its publication time, its
 * picture as the share preview, and BlogPosting structured data. Canonical and hreflang links come
 * from the root route (the post's loader names its languages).
 */
export function articleHead(i18n: I18n, post: PublicPost, site: { publicUrl: string; orgName: string } | undefined, locale: Locale) {
  const head = pageHead(i18n, post.title, post.excerpt ?? post.content.slice(0, 160));
  if (!site) return head;
  const url = articleUrl(site.publicUrl, post.slug, locale);
  const picture = sharePicture(site.publicUrl, post);
  return {
    meta: [
      ...head.meta,
      { property: 'og:type', content: 'article' },
      { property: 'article:published_time', content: post.publishedAt },
      { property: 'article:author', content: post.author },
      ...(picture ? shareImageMeta(picture) : []),
      jsonLdTag(
        blogPostingJsonLd(post, site.publicUrl, site.orgName, url, picture?.url ?? absoluteUrl(site.publicUrl, DEFAULT_SHARE_IMAGE.path)),
      ),
    ],
    links: post.imageUrl ? [picturePreload(post.imageUrl)] : [],
  };
}
