import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { isExternalPictureUrl } from '@shared/media';
import { ImageUploadField } from '@client/features/media/ImageUploadField';
import { textOf } from '../support/html';
import { renderOnServer } from '../support/render-on-server';

// A post's or newsletter's picture pasted as an https address is loaded from its site by every reader,
// whose provider then sees their IP address (the privacy page says so). The picture field of the post form
// and the newsletter composer (ImageUploadField) advises an upload then.

const PUBLIC_URL = 'https://schoolbox.example';
const UPLOAD = '/media/abcdefghijklmnopqrst-2000x1000';
const WARNING =
  'Dieses Bild wird von einer anderen Website geladen: Deren Anbieter sieht die IP-Adresse jeder Besucherin und jedes Besuchers. Laden Sie das Bild besser hoch.';

describe('isExternalPictureUrl', () => {
  it('is true for a picture on another site', () => {
    for (const url of [
      'https://images.example.org/solar.jpg',
      ' https://cdn.example/x.png ',
      'http://images.example.org/solar.jpg',
      '//images.example.org/solar.jpg',
      '/\\images.example.org/solar.jpg',
      // Another site, however like ours it looks.
      'https://schoolbox.example.evil.test/media/x',
      'https://www.schoolbox.example/x.jpg',
    ]) {
      expect(isExternalPictureUrl(url, PUBLIC_URL), url).toBe(true);
      expect(isExternalPictureUrl(url), url).toBe(true);
    }
  });

  it('is false for an upload, a path of this site, an address on the site itself, an empty field or no address', () => {
    for (const url of [
      UPLOAD,
      '/images/blog/solar.svg',
      `${PUBLIC_URL}/images/blog/solar.svg`,
      `${PUBLIC_URL}${UPLOAD}`,
      '',
      '  ',
      null,
      undefined,
    ]) {
      expect(isExternalPictureUrl(url, PUBLIC_URL), String(url)).toBe(false);
    }
    for (const url of ['data:image/png;base64,AAAA', 'javascript:alert(1)', 'https://']) {
      expect(isExternalPictureUrl(url, PUBLIC_URL), url).toBe(false);
    }
    // Without the site's address its own absolute addresses count as another site's; paths never do.
    expect(isExternalPictureUrl(UPLOAD)).toBe(false);
    expect(isExternalPictureUrl('/images/blog/solar.svg')).toBe(false);
  });
});

async function pictureField(value: string): Promise<string> {
  return renderOnServer(() => createElement(ImageUploadField, { value, onUploaded: () => undefined }), {
    path: '/blog-admin',
    prefetch: (trpc, queryClient) => {
      queryClient.setQueryData(trpc.site.config.queryKey(), { publicUrl: PUBLIC_URL } as never);
    },
  });
}

describe('the picture field of the post and newsletter forms', () => {
  it('warns when the picture is loaded from another site', async () => {
    const html = await pictureField('https://images.example.org/solar.jpg');
    // The Alert, announced politely, with the warning as its message.
    const alert = /<div\b[^>]*data-testid="picture-external-warning"[^>]*>([\s\S]*?)<\/p>/.exec(html);
    // The warning sits in a live region that is there before it (a region inserted with its text is often not announced).
    expect(html).toMatch(/<div role="status"><div\b[^>]*data-testid="picture-external-warning"/);
    // and is no live region of its own inside it (Mantine's Alert defaults to role="alert").
    // (The upload's refusal has its own, empty, alert region beside it.)
    const warningTag = /<div\b[^>]*data-testid="picture-external-warning"[^>]*>/.exec(html)?.[0];
    expect(warningTag).toBeDefined();
    expect(warningTag).not.toContain('role="alert"');
    expect(html.match(/role="alert"/g) ?? []).toHaveLength(1);
    expect(textOf(alert?.[1] ?? '')).toBe(WARNING);
  });

  it('does not warn for an upload, a path of this site or an address on the site itself', async () => {
    for (const value of [UPLOAD, '/images/blog/solar.svg', `${PUBLIC_URL}/images/blog/solar.svg`, '']) {
      const html = await pictureField(value);
      expect(html, value).not.toContain('picture-external-warning');
      expect(textOf(html), value).not.toContain('von einer anderen Website geladen');
    }
  });
});
