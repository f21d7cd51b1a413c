import type { LegalDetails } from '../schemas/legal';
import { LOCALE_SEARCH_PARAM, type Locale } from '../locales';

/**
 * A legal text (privacy policy, terms, withdrawal information) as data: written once per language
 * (src-shared/legal/<doc>/{de,en,fr}.ts), shown as a page by LegalDocumentView and written into mails
 * as text and HTML (the order confirmation must carry the terms on a durable medium). Per-language
 * texts rather than catalog entries: a lawyer reviews each language as a whole (ADR 026).
 */

/** A run of text, or a link: a path of this site ("/account") or an absolute https address. */
export type LegalInline = string | { href: string; label: string };

export type LegalBlock =
  | { kind: 'paragraph'; text: LegalInline[] }
  | { kind: 'list'; items: LegalInline[][] }
  /** Set apart from the rest (the right to object, Art. 21(4) GDPR: "explicitly and separately"). */
  | { kind: 'box'; title: string; paragraphs: LegalInline[][] };

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

export type LegalDocument = { sections: LegalSection[] };

/** One language's version of a document, built from the installation's facts. */
export type LegalTemplate = (details: LegalDetails) => LegalDocument;
export type LegalTemplates = Record<Locale, LegalTemplate>;

/** Shorthands that keep the templates readable. */
export const p = (...text: LegalInline[]): LegalBlock => ({ kind: 'paragraph', text });
export const list = (...items: (LegalInline | LegalInline[])[]): LegalBlock => ({
  kind: 'list',
  items: items.map((item) => (Array.isArray(item) ? item : [item])),
});
export const box = (title: string, ...paragraphs: (LegalInline | LegalInline[])[]): LegalBlock => ({
  kind: 'box',
  title,
  paragraphs: paragraphs.map((item) => (Array.isArray(item) ? item : [item])),
});
export const link = (href: string, label: string): LegalInline => ({ href, label });
export const section = (id: string, title: string, ...blocks: (LegalBlock | false | null | undefined)[]): LegalSection => ({
  id,
  title,
  blocks: blocks.filter((block): block is LegalBlock => Boolean(block)),
});

/**
 * Where a document's link leads from outside the site (a mail): a path of this site becomes an absolute
 * address, with `?lang=` when `locale` is given so the page opens in the mail's language (as every link
 * of a mail, mail/site-link.ts); an outside address stays as it is.
 */
export function legalLinkUrl(href: string, publicUrl: string, locale?: Locale): string {
  if (!href.startsWith('/')) return href;
  if (!locale) return publicUrl + href;
  const hashAt = href.indexOf('#');
  const path = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  return `${publicUrl}${path}${path.includes('?') ? '&' : '?'}${LOCALE_SEARCH_PARAM}=${locale}${hash}`;
}

/**
 * A document as plain text (for mails): links become "label <address>", site paths made absolute (in
 * `locale`, when given). Angle brackets, not parentheses, around the address: a link the text itself
 * puts in parentheses would end in "…erklaeren))", and mail programs take a ")" for part of the address;
 * "<…>" is the delimiter they know (RFC 3986, appendix C).
 */
export function legalDocumentText(document: LegalDocument, publicUrl: string, locale?: Locale): string {
  const inline = (parts: LegalInline[]) =>
    parts.map((part) => (typeof part === 'string' ? part : `${part.label} <${legalLinkUrl(part.href, publicUrl, locale)}>`)).join('');
  return document.sections
    .map((s) => {
      const blocks = s.blocks.map((block) => {
        if (block.kind === 'paragraph') return inline(block.text);
        if (block.kind === 'list') return block.items.map((item) => `• ${inline(item)}`).join('\n');
        return [block.title, ...block.paragraphs.map(inline)].join('\n');
      });
      return [s.title, ...blocks].join('\n\n');
    })
    .join('\n\n');
}
