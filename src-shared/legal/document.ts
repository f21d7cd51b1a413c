import type { LegalDetails } from '../schemas/legal';
import type { Locale } from '../locales';

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

/** A document as plain text (for mails): links become "label (address)", site paths made absolute. */
export function legalDocumentText(document: LegalDocument, publicUrl: string): string {
  const inline = (parts: LegalInline[]) =>
    parts
      .map((part) => (typeof part === 'string' ? part : `${part.label} (${part.href.startsWith('/') ? publicUrl + part.href : part.href})`))
      .join('');
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
