/**
 * The site's mail layout on a phone: a head that makes mail apps lay the mail out at the screen's width
 * (not a desktop's 980 px) and names it by its subject; links that break rather than widen the mail; and
 * links only where the site put its own address, never in what a visitor typed. Plus the legal texts'
 * links in the order mail's text part, which a mail program must be able to tell from the sentence.
 */
import { describe, expect, it } from 'vitest';
import { legalDocumentText, link, p, section } from '@shared/legal/document';
import type { MailFooter } from '@server/mail/footer';
import { legalDocumentHtml } from '@server/mail/legal-document-html';
import { renderMail } from '@server/mail/render';

const FOOTER: MailFooter = { orgName: 'SchoolBox e. V.', publicUrl: 'https://schoolbox.example' };
const UNSUBSCRIBE = `https://schoolbox.example/newsletter/unsubscribe?token=${'a'.repeat(43)}&lang=de`;

describe('renderMail', () => {
  it('writes a head with the charset, a phone viewport and the subject as the title (escaped)', () => {
    const { subject, html } = renderMail(
      { subject: 'Bestellung <SB-1> & "mehr"', greeting: 'Hallo,', paragraphs: ['Text'], closing: [] },
      'fr',
      FOOTER,
    );
    expect(subject).toBe('Bestellung <SB-1> & "mehr"');
    expect(html.startsWith('<!doctype html><html lang="fr"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Bestellung &lt;SB-1&gt; &amp; &quot;mehr&quot;</title></head><body');
  });

  it('lets a long link break anywhere, so it cannot widen the mail past a phone’s screen', () => {
    const { html } = renderMail(
      { subject: 'Newsletter', greeting: '', paragraphs: [`Abmelden: ${UNSUBSCRIBE}`], closing: [], links: true },
      'de',
      FOOTER,
    );
    const escaped = UNSUBSCRIBE.replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${escaped}" style="color:#c2410c;word-break:break-all">${escaped}</a>`);
  });

  it('links the addresses of a paragraph of ours, and leaves a typed one in another paragraph as text', () => {
    const own = 'https://schoolbox.example/widerruf/erklaeren?order=SB-260302-K7M2Q&lang=fr';
    const { html, text } = renderMail(
      {
        subject: 'Commande',
        greeting: '',
        paragraphs: ['Adresse de livraison : http://evil.example/login, Rue 1', { text: `Rétractation en ligne : ${own}`, links: true }],
        closing: [],
      },
      'fr',
      FOOTER,
    );
    expect(html).toContain(`Rétractation en ligne : <a href="${own.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Adresse de livraison : http://evil.example/login, Rue 1');
    expect(html).not.toContain('href="http://evil.example');
    // The text part is the same sentence, unchanged.
    expect(text).toContain(`Rétractation en ligne : ${own}\n`);
  });
});

describe('a legal text in a mail', () => {
  const document = {
    sections: [
      section(
        'withdrawal',
        'Withdrawal',
        p('On our website (', link('/widerruf/erklaeren', 'Withdraw from the contract'), ').'),
        p('See the ', link('/impressum', 'legal notice'), ' and ', link('https://stripe.com/privacy', 'Stripe'), '.'),
      ),
    ],
  };

  it('as text: "label <address>", site pages in the mail’s language, no ")" after an address', () => {
    const text = legalDocumentText(document, 'https://schoolbox.example', 'en');
    expect(text).toContain('On our website (Withdraw from the contract <https://schoolbox.example/widerruf/erklaeren?lang=en>).');
    expect(text).toContain('See the legal notice <https://schoolbox.example/impressum?lang=en> and Stripe <https://stripe.com/privacy>.');
    expect(text).not.toContain('))');
  });

  it('as HTML: site pages link in the mail’s language, other addresses as they are', () => {
    const html = legalDocumentHtml('Terms', document, 'https://schoolbox.example', 'fr');
    expect(html).toContain('<a href="https://schoolbox.example/widerruf/erklaeren?lang=fr"');
    expect(html).toContain('<a href="https://schoolbox.example/impressum?lang=fr"');
    expect(html).toContain('<a href="https://stripe.com/privacy"');
  });
});
