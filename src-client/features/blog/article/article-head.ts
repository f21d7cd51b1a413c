import type { I18n } from '@lingui/core';
import { categoryLabel } from '@shared/blog-categories';
import { TEAM_BLOG_AUTHOR } from '@shared/constants';
import { LOCALE_SEARCH_PARAM, localeSearchValue, toLocale, type Locale } from '@shared/locales';
import { mediaSources } from '@shared/media';
import { DESCRIPTION_LENGTH, postSummary } from '@shared/post-summary';
import type { PublicPost } from '@shared/schemas/blog';
import {
  absoluteUrl,
  DEFAULT_SHARE_IMAGE,
  jsonLdTag,
  type JsonLd,
  organizationJsonLd,
  pageHead,
  SITE_NAME,
  shareImageMeta,
} from '@client/lib/head';
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

/**
 * A post's author for schema.org. Posts store a display name only: the association's name, the site's or
 * the team's ("SchoolBox-Team", the demo posts') is the Organization, any other name a Person.
 */
function authorJsonLd(author: string, publicUrl: string, orgName: string): JsonLd {
  const name = author.trim().toLowerCase();
  const isOrganization = [orgName, SITE_NAME, TEAM_BLOG_AUTHOR].some((own) => own.toLowerCase() === name);
  return isOrganization ? { '@type': 'Organization', name: author, url: `${publicUrl}/` } : { '@type': 'Person', name: author };
}

/**
 * schema.org BlogPosting: what search engines show for an article (headline, summary, dates, author,
 * picture). It describes the version shown (post.lang), at that version's address: the page's canonical.
 */
function blogPostingJsonLd(i18n: I18n, post: PublicPost, publicUrl: string, orgName: string, image: string): JsonLd {
  const url = articleUrl(publicUrl, post.slug, post.lang);
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: postSummary(post, DESCRIPTION_LENGTH),
    datePublished: post.publishedAt,
    dateModified: post.modifiedAt,
    author: authorJsonLd(post.author, publicUrl, orgName),
    image: [image],
    inLanguage: post.lang,
    // The category's label in the post's language: the page's (i18n), or German for a German post shown on
    // an English or French page, whose label is the stored key itself.
    articleSection: post.lang === toLocale(i18n.locale) ? categoryLabel(post.category, (label) => i18n._(label)) : post.category,
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
 * The head of a post's page: its title and summary (its excerpt, else the start of its text: postSummary),
 * `og:type=article` with its publication and change times, its picture as the share preview, and
 * BlogPosting structured data. Canonical and hreflang links come from the root route (the post's loader
 * names its languages).
 */
export function articleHead(i18n: I18n, post: PublicPost, site: { publicUrl: string; orgName: string } | undefined) {
  const head = pageHead(i18n, post.title, postSummary(post, DESCRIPTION_LENGTH));
  if (!site) return head;
  const picture = sharePicture(site.publicUrl, post);
  const image = picture?.url ?? absoluteUrl(site.publicUrl, DEFAULT_SHARE_IMAGE.path);
  return {
    meta: [
      ...head.meta,
      { property: 'og:type', content: 'article' },
      { property: 'article:published_time', content: post.publishedAt },
      { property: 'article:modified_time', content: post.modifiedAt },
      { property: 'article:author', content: post.author },
      ...(picture ? shareImageMeta(picture) : []),
      jsonLdTag(blogPostingJsonLd(i18n, post, site.publicUrl, site.orgName, image)),
    ],
    links: post.imageUrl ? [picturePreload(post.imageUrl)] : [],
  };
}
