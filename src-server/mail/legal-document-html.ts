import { type LegalDocument, type LegalInline, legalLinkUrl } from '@shared/legal/document';
import type { Locale } from '@shared/locales';
import { escapeHtml } from '../lib/escape';

/**
 * A legal text as HTML for a mail (the order confirmation carries the terms and the withdrawal
 * information on a durable medium): the HTML twin of legalDocumentText. Everything is escaped; site
 * paths become absolute links that open in the mail's language (`locale`). `title` heads the whole
 * document, `version` (the "Stand" line) stands under it when given.
 */
export function legalDocumentHtml(title: string, document: LegalDocument, publicUrl: string, locale: Locale, version?: string): string {
  const inline = (parts: LegalInline[]) =>
    parts
      .map((part) => {
        if (typeof part === 'string') return escapeHtml(part);
        const href = legalLinkUrl(part.href, publicUrl, locale);
        return `<a href="${escapeHtml(href)}" style="color:#c2410c">${escapeHtml(part.label)}</a>`;
      })
      .join('');
  const sections = document.sections
    .map((section) => {
      const blocks = section.blocks.map((block) => {
        if (block.kind === 'paragraph') return `<p style="margin:0 0 12px">${inline(block.text)}</p>`;
        if (block.kind === 'list')
          return `<ul style="margin:0 0 12px;padding-left:20px">${block.items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`;
        return `<div style="margin:0 0 12px;padding:12px;border:1px solid #d1d5db;border-radius:6px"><p style="margin:0 0 8px;font-weight:700">${escapeHtml(block.title)}</p>${block.paragraphs.map((paragraph) => `<p style="margin:0 0 8px">${inline(paragraph)}</p>`).join('')}</div>`;
      });
      return `<h3 style="margin:20px 0 8px;font-size:15px">${escapeHtml(section.title)}</h3>${blocks.join('')}`;
    })
    .join('');
  const versionLine = version ? `<p style="margin:0 0 12px;color:#4b5563">${escapeHtml(version)}</p>` : '';
  return `<h2 style="margin:32px 0 8px;font-size:18px;border-top:1px solid #e5e7eb;padding-top:24px">${escapeHtml(title)}</h2>${versionLine}${sections}`;
}
