import { describe, expect, it } from 'vitest';
import { mailbox } from '@server/contact/mails';
import type { MailFooter } from '@server/mail/footer';
import { renderMail } from '@server/mail/render';
import { paragraphsOf, textFor } from '@server/newsletter/content';
import { csvField, toCsv } from '@server/lib/csv';

const FOOTER: MailFooter = { orgName: 'SchoolBox e. V.', publicUrl: 'https://schoolbox.example' };
const CONTENT = {
  subjectDe: 'Betreff',
  bodyDe: 'Text',
  subjectEn: 'Subject',
  bodyEn: 'Body',
  subjectFr: 'Objet',
  bodyFr: '',
  imageUrl: '',
  imageAltDe: 'Bild',
  imageAltEn: 'Picture',
  imageAltFr: 'Image',
};

describe('a newsletter body', () => {
  it('splits into paragraphs at empty lines and keeps single line breaks', () => {
    expect(paragraphsOf('Eins\r\nnoch eins\r\n\r\n  \n\nZwei\n \t\nDrei  ')).toEqual(['Eins\nnoch eins', 'Zwei', 'Drei']);
    expect(paragraphsOf('  \n\n ')).toEqual([]);
  });

  it('is sent in the subscriber’s language only when its subject and body are both written, else in German', () => {
    expect(textFor(CONTENT, 'en')).toEqual({ locale: 'en', text: { subject: 'Subject', body: 'Body', imageAlt: 'Picture' } });
    expect(textFor(CONTENT, 'fr')).toEqual({ locale: 'de', text: { subject: 'Betreff', body: 'Text', imageAlt: 'Bild' } });
    expect(textFor({ ...CONTENT, subjectEn: ' ' }, 'en').locale).toBe('de');
    expect(textFor(CONTENT, 'xx').locale).toBe('de');
  });
});

describe('renderMail with links', () => {
  it('links http(s) addresses without the sentence’s punctuation and escapes everything else', () => {
    const { html, text } = renderMail(
      {
        subject: 'Betreff',
        greeting: '',
        paragraphs: ['Siehe https://a.example/x?y=1&z=2. Oder (https://b.example/).\n<script>alert(1)</script> javascript:alert(1)'],
        closing: [],
        links: true,
      },
      'de',
      FOOTER,
    );
    expect(html).toContain(
      'Siehe <a href="https://a.example/x?y=1&amp;z=2" style="color:#c2410c;word-break:break-all">https://a.example/x?y=1&amp;z=2</a>. Oder (<a href="https://b.example/"',
    );
    expect(html).toContain('</a>).<br>&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1)');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
    // No greeting and no closing: neither appears, in text or HTML.
    expect(text.startsWith('Siehe https://a.example/x?y=1&z=2.')).toBe(true);
    expect(html).not.toContain('<p style="margin:0 0 16px"></p>');
    expect(html).not.toContain('margin:24px 0 0');
  });

  it('leaves addresses as text without the option, and a quote cannot leave the href', () => {
    // (The only links are then the footer's: Impressum and privacy policy.)
    const plain = renderMail(
      { subject: 'Betreff', greeting: 'Hallo,', paragraphs: ['https://a.example'], closing: ['Gruß'] },
      'de',
      FOOTER,
    ).html;
    expect(plain).toContain('<p style="margin:0 0 16px">https://a.example</p>');
    expect(plain.match(/<a /g)).toHaveLength(2);
    const { html } = renderMail(
      { subject: 'Betreff', greeting: '', paragraphs: ['https://a.example/"onmouseover="x'], closing: [], links: true },
      'de',
      FOOTER,
    );
    expect(html).toContain(
      '<a href="https://a.example/" style="color:#c2410c;word-break:break-all">https://a.example/</a>&quot;onmouseover=&quot;x',
    );
  });
});

describe('CSV export', () => {
  it('quotes what must be quoted and defuses spreadsheet formulas', () => {
    expect(csvField('plain@example.org')).toBe('plain@example.org');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}1+1`).startsWith(`'${start}`) || csvField(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,\r\n');
  });
});

describe('a mailbox header value', () => {
  it('keeps a harmless name and strips what could break out of the header', () => {
    expect(mailbox('Ada Lovelace', 'ada@example.org')).toBe('"Ada Lovelace" <ada@example.org>');
    expect(mailbox('Eve" <x@y.z>\r\nBcc: v@w.x \\', 'eve@example.org')).toBe('"Eve x@y.z Bcc: v@w.x" <eve@example.org>');
    expect(mailbox('"<>', 'a@example.org')).toBe('a@example.org');
  });
});
