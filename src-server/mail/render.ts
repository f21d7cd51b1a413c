import { escapeHtml } from '../lib/escape';
import { mailFooterLines, type MailFooter } from './footer';

/** A plain, robust e-mail layout: the same content as text and as simple HTML (one picture at most, a newsletter's). */
export type MailContent = {
  /** The mail's subject: also the HTML part's <title>, which some mail programs show (and screen readers read) first. */
  subject: string;
  greeting: string;
  /** A picture above the text (HTML part only): an absolute address and its description. */
  image?: { url: string; alt: string };
  paragraphs: MailParagraph[];
  action?: { label: string; url: string };
  closing: string[];
  /** Paragraphs a person wrote (a newsletter): their http(s) addresses become links. */
  links?: boolean;
  /**
   * Long documents after the closing (the order confirmation's terms and withdrawal information, which
   * must travel in the mail itself): plain text for the text part, ready-made escaped HTML for the other.
   */
  appendix?: { text: string; html: string };
};

/**
 * A paragraph, or one of our own sentences whose http(s) addresses are our own links (the order mail's
 * withdrawal address): those become links in the HTML part. Only such a paragraph, never every one: a
 * paragraph may hold what a visitor typed (a name, an address), and their "http://…" is no link of ours.
 */
export type MailParagraph = string | { text: string; links: true };

/** A mail ready for the outbox: its subject, its text part and its HTML part. */
export type MailMessage = { subject: string; text: string; html: string };

/** A mail in the site's layout; `footer` names the association and links its Impressum and privacy policy. */
export function renderMail(content: MailContent, lang: string, footer: MailFooter): MailMessage {
  // French sets a (no-break) space before a colon: "Mentions légales : https://…".
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const legal = mailFooterLines(footer, lang);
  const text = [
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.paragraphs.flatMap((p) => [paragraphText(p), '']),
    ...(content.action ? [`${content.action.label}${colon}`, content.action.url, ''] : []),
    ...content.closing,
    ...(content.appendix ? ['', content.appendix.text] : []),
    // "-- " starts a signature: mail programs set it apart (and leave it out of a reply's quote).
    ...(content.closing.length > 0 ? [''] : []),
    '-- ',
    legal.orgName,
    ...legal.links.map((link) => `${link.label}${colon} ${link.url}`),
  ].join('\n');

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${paragraphHtml(paragraphText(p), content.links || typeof p !== 'string')}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  // The head: the charset (the part's Content-Type says it too, but a saved .html file has only this), a
  // viewport so phone mail apps lay the mail out at the screen's width rather than a desktop's 980 px,
  // and the subject as the title.
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:800">School<span style="color:#c2410c">Box</span></p>
${content.image ? `<img src="${escapeHtml(content.image.url)}" alt="${escapeHtml(content.image.alt)}" width="496" style="display:block;width:100%;max-width:496px;height:auto;border:0;border-radius:6px;margin:0 0 24px">` : ''}
${content.greeting ? `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>` : ''}${paragraphs}${action}
${content.closing.length > 0 ? `<p style="margin:24px 0 0">${content.closing.map(escapeHtml).join('<br>')}</p>` : ''}
${content.appendix ? content.appendix.html : ''}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#4b5563;text-align:center">${escapeHtml(legal.orgName)} · ${legal.links
    .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#4b5563">${escapeHtml(link.label)}</a>`)
    .join(' · ')}</p>
</body></html>`;
  return { subject: content.subject, text, html };
}

// An http(s) address up to the next space, quote or angle bracket, without a sentence's final punctuation.
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])/;

function paragraphText(paragraph: MailParagraph): string {
  return typeof paragraph === 'string' ? paragraph : paragraph.text;
}

/**
 * A paragraph as HTML: escaped, its line breaks kept, and (when asked) its web addresses as links. A link
 * may break anywhere: a long address (an unsubscribe link with its token) would otherwise widen the
 * whole mail past a phone's screen.
 */
function paragraphHtml(paragraph: string, links = false): string {
  const parts = links ? paragraph.split(WEB_ADDRESS) : [paragraph];
  // split() with a capturing pattern puts the addresses at the odd positions.
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:#c2410c;word-break:break-all">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('')
    .replace(/\r?\n/g, '<br>');
}
