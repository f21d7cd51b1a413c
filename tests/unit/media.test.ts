import { describe, expect, it } from 'vitest';
import { newsletterMail } from '@server/newsletter/mails';
import { mailPictureUrl } from '@server/newsletter/content';
import { pictureTypeOf } from '@server/media/picture-type';
import { isMediaUrl, mediaSources, mediaVariantWidths, PICTURE_URL_WITH_CREDENTIALS } from '@shared/media';
import { newsletterContentSchema } from '@shared/schemas/newsletter';

const ID = 'abcdefghijklmnopqrst-2000x1000';

describe('an uploaded picture’s address', () => {
  it('gives every srcset and the largest JPEG from the address alone', () => {
    expect(mediaSources(`/media/${ID}`)).toEqual({
      avif: `/media/${ID}/480.avif 480w, /media/${ID}/960.avif 960w, /media/${ID}/1600.avif 1600w`,
      webp: `/media/${ID}/480.webp 480w, /media/${ID}/960.webp 960w, /media/${ID}/1600.webp 1600w`,
      jpeg: `/media/${ID}/480.jpg 480w, /media/${ID}/960.jpg 960w, /media/${ID}/1600.jpg 1600w`,
      fallback: `/media/${ID}/1600.jpg`,
      width: 1600,
      height: 800,
    });
  });

  it('is told apart from pasted addresses and site paths', () => {
    expect(isMediaUrl(`/media/${ID}`)).toBe(true);
    for (const other of [
      'https://example.org/media/x.jpg',
      '/images/blog/solar.svg',
      `/media/${ID}/480.jpg`,
      `//evil.example/media/${ID}`,
      '',
      null,
    ]) {
      expect(isMediaUrl(other)).toBe(false);
      expect(mediaSources(other)).toBeNull();
    }
  });

  it('never lists a width above the original', () => {
    expect(mediaVariantWidths(2000)).toEqual([480, 960, 1600]);
    expect(mediaVariantWidths(1600)).toEqual([480, 960, 1600]);
    expect(mediaVariantWidths(700)).toEqual([480, 700]);
    expect(mediaVariantWidths(300)).toEqual([300]);
  });
});

describe('a file’s type', () => {
  it('is told by its first bytes, not its name', () => {
    const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat(new Array(16).fill(0)));
    expect(pictureTypeOf(bytes('\xff\xd8\xff\xe0'))).toBe('jpeg');
    expect(pictureTypeOf(bytes('\x89PNG\r\n\x1a\n'))).toBe('png');
    expect(pictureTypeOf(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(pictureTypeOf(bytes('\0\0\0\x1cftypavif\0\0\0\0avifmif1'))).toBe('avif');
    expect(pictureTypeOf(bytes('\0\0\0\x18ftypheic\0\0\0\0heicmif1'))).toBeNull();
    expect(pictureTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(pictureTypeOf(bytes('<!doctype html><html>'))).toBeNull();
  });
});

const NEWSLETTER = { subjectDe: 'Neuigkeiten', bodyDe: 'Hallo!', subjectEn: 'News', bodyEn: 'Hello!' };

describe('a newsletter picture', () => {
  it('needs its description in German and in every language that is sent', () => {
    const withPicture = { ...NEWSLETTER, imageUrl: `/media/${ID}` };
    const paths = (input: object) => newsletterContentSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths(withPicture)).toEqual(['imageAltDe', 'imageAltEn']);
    expect(paths({ ...withPicture, imageAltDe: 'Kinder', imageAltEn: 'Children' })).toEqual([]);
    expect(paths(NEWSLETTER)).toEqual([]);
    expect(paths({ ...NEWSLETTER, imageUrl: 'javascript:alert(1)' })).toContain('imageUrl');
    expect(paths({ ...NEWSLETTER, imageUrl: '/images/x.jpg' })).toContain('imageUrl');
  });

  it('is an upload of this site or an https address without a user name, password or control character', () => {
    const issues = (imageUrl: string) =>
      newsletterContentSchema.safeParse({ ...NEWSLETTER, imageUrl, imageAltDe: 'Kinder', imageAltEn: 'Children' }).error?.issues ?? [];
    expect(issues(`/media/${ID}`)).toEqual([]);
    expect(issues('https://cdn.example.org/kinder.jpg')).toEqual([]);
    expect(issues('')).toEqual([]);
    for (const imageUrl of ['https://user:pass@cdn.example.org/kinder.jpg', 'https://user@cdn.example.org/kinder.jpg']) {
      expect(issues(imageUrl).map((issue) => [issue.path.join('.'), issue.message])).toEqual([['imageUrl', PICTURE_URL_WITH_CREDENTIALS]]);
    }
    for (const imageUrl of ['https://cdn.example.org/kinder.jpg\u0000', `/media/${ID}\u0000`, 'https://cdn.example.org/\u001b[2K.jpg']) {
      expect(
        issues(imageUrl).map((issue) => issue.path.join('.')),
        JSON.stringify(imageUrl),
      ).toEqual(['imageUrl']);
    }
  });

  it('is an absolute address of a JPEG in the mail, described in the mail’s language', () => {
    expect(mailPictureUrl(`/media/${ID}`, 'https://schoolbox.example')).toBe(`https://schoolbox.example/media/${ID}/960.jpg`);
    expect(mailPictureUrl('/media/abcdefghijklmnopqrst-700x400', 'https://schoolbox.example')).toBe(
      'https://schoolbox.example/media/abcdefghijklmnopqrst-700x400/700.jpg',
    );
    expect(mailPictureUrl('https://cdn.example/a.jpg', 'https://schoolbox.example')).toBe('https://cdn.example/a.jpg');
    expect(mailPictureUrl('', 'https://schoolbox.example')).toBeNull();

    const content = newsletterContentSchema.parse({
      ...NEWSLETTER,
      imageUrl: `/media/${ID}`,
      imageAltDe: 'Kinder "im" <Container>',
      imageAltEn: 'Children',
    });
    const mail = (locale: string) =>
      newsletterMail({ content, locale, unsubscribeToken: 't', publicUrl: 'https://schoolbox.example', orgName: 'SchoolBox e. V.' }).message
        .html;
    expect(mail('de')).toContain(`<img src="https://schoolbox.example/media/${ID}/960.jpg" alt="Kinder &quot;im&quot; &lt;Container&gt;"`);
    expect(mail('en')).toContain('alt="Children"');
    // French has no version of its own: the German mail, with the German description.
    expect(mail('fr')).toContain('alt="Kinder &quot;im&quot;');
    const without = newsletterContentSchema.parse(NEWSLETTER);
    expect(
      newsletterMail({ content: without, locale: 'de', unsubscribeToken: 't', publicUrl: 'https://schoolbox.example', orgName: 'X' })
        .message.html,
    ).not.toContain('<img');
  });
});
