import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@shared/locales';
import { createUser, sessionCookie } from '../support/accounts';
import { pageFacts, textOf } from '../support/html';
import { trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

// The Impressum (issue 17.1): built from the settings, server-rendered in every language, linked from
// every page's footer; the admin screens warn while required settings are missing.

/** Every Impressum setting, with values no default or translation could contain. */
const IMPRESSUM = {
  ORG_NAME: 'Lichtkasten Bildungsverein e. V.',
  ORG_LEGAL_FORM: 'eingetragener Verein (Testform)',
  ORG_STREET: 'Quellgasse 17b',
  ORG_POSTCODE: '50999',
  ORG_CITY: 'Köln-Testdorf',
  ORG_COUNTRY: 'Deutschland (Test)',
  ORG_BOARD: 'Erika Quellmann (Vorsitzende); Jonas Brückner (Schatzmeister)',
  ORG_REGISTER_COURT: 'Amtsgericht Testhausen',
  ORG_REGISTER_NUMBER: 'VR 424242',
  ORG_VAT_ID: 'DE987654321',
  ORG_ECONOMIC_ID: 'DE987654321-00001',
  SITE_EMAIL: 'vorstand@lichtkasten.example',
  SITE_PHONE: '+49 221 9876543',
  EDITOR_NAME: 'Paula Redaktionsfrau',
  EDITOR_ADDRESS: 'Redaktionsweg 3, 50998 Köln',
};

const TITLES: Record<Locale, string> = { de: 'Impressum', en: 'Legal notice', fr: 'Mentions légales' };

async function page(app: TestApp, path: string, cookie?: string) {
  const response = await app.request(path, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html), facts: pageFacts(html) };
}

/** The hrefs of the footer's legal links ("" when the list is missing). */
function footerLegalLinks(html: string): string[] {
  const list = /data-testid="footer-legal-links"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/href="([^"]*)"/g)].map((match) => match[1] as string);
}

describe('with every setting', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...IMPRESSUM, SHOP_ORDERS_ENABLED: 'true' });
  });
  afterAll(() => app.close());

  for (const locale of ['de', 'en', 'fr'] as const) {
    it(`renders every configured fact on /impressum in ${locale}, without JavaScript`, async () => {
      const { status, html, text, facts } = await page(app, `/impressum?lang=${locale}`);
      expect(status).toBe(200);
      expect(facts.lang).toBe(locale);
      expect(facts.h1).toBe(TITLES[locale]);
      expect(facts.title).toBe(`${TITLES[locale]} · SchoolBox`);
      for (const value of [
        'Lichtkasten Bildungsverein e. V.',
        'eingetragener Verein (Testform)',
        'Quellgasse 17b',
        '50999 Köln-Testdorf',
        'Deutschland (Test)',
        'Erika Quellmann (Vorsitzende)',
        'Jonas Brückner (Schatzmeister)',
        'Amtsgericht Testhausen',
        'VR 424242',
        'DE987654321',
        'DE987654321-00001',
        'vorstand@lichtkasten.example',
        '+49 221 9876543',
        'Paula Redaktionsfrau',
        'Redaktionsweg 3, 50998 Köln',
      ]) {
        expect(text).toContain(value);
      }
      expect(html).toContain('href="mailto:vorstand@lichtkasten.example"');
      expect(html).toContain('href="tel:+492219876543"');
      expect(html.match(/<h1\b/g)).toHaveLength(1);
      // The EU ODR platform closed in July 2025: no link to it.
      expect(html).not.toContain('ec.europa.eu/consumers/odr');
    });
  }

  it('states the consumer dispute resolution position and the legal bases in German', async () => {
    const { text } = await page(app, '/impressum');
    expect(text).toContain('Angaben gemäß § 5 DDG');
    expect(text).toContain('§ 18 Abs. 2 MStV');
    expect(text).toContain(
      'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
    );
  });

  it('links Impressum, privacy policy and (shop open) the shop terms from the footer of every kind of page', async () => {
    for (const path of ['/', '/impressum', '/contact?lang=en', '/no-such-page']) {
      const { html } = await page(app, path);
      const links = footerLegalLinks(html).map((href) => href.replace(/\?.*$/, ''));
      expect(links, path).toEqual(expect.arrayContaining(['/impressum', '/datenschutz', '/agb', '/widerruf', '/widerruf/erklaeren']));
    }
    // A page in English keeps its language on the links.
    expect(footerLegalLinks((await page(app, '/contact?lang=en')).html)).toContain('/impressum?lang=en');
  });

  it('names the configured association in the address on /contact and in the brochure, as the Impressum does', async () => {
    for (const path of ['/contact', '/partnership/brochure']) {
      const { status, html } = await page(app, path);
      expect(status, path).toBe(200);
      const addresses = [...html.matchAll(/<address\b[^>]*>([\s\S]*?)<\/address>/g)].map((match) => textOf(match[1] as string));
      expect(addresses, path).toContainEqual(expect.stringContaining('Lichtkasten Bildungsverein e. V.'));
      expect(textOf(html), path).not.toContain('SchoolBox e. V.');
    }
  });

  it('shows no banner to an admin when nothing is missing, and site.legalStatus says so', async () => {
    const admin = await createUser(app, { admin: true });
    const cookie = await sessionCookie(app, admin.user.id);
    const status = await trpcQuery(app.url, 'site.legalStatus', undefined, { cookie });
    expect(status.body.result?.data).toEqual({ missing: [] });
    const { status: httpStatus, html } = await page(app, '/blog-admin', cookie);
    expect(httpStatus).toBe(200);
    expect(html).not.toContain('legal-status-banner');
  });
});

describe('without a VAT ID and with the shop closed', () => {
  let app: TestApp;
  beforeAll(async () => {
    const { ORG_VAT_ID: _vat, ORG_ECONOMIC_ID: _economic, ...rest } = IMPRESSUM;
    app = await startTestApp({ ...rest, SHOP_ORDERS_ENABLED: 'false' });
  });
  afterAll(() => app.close());

  it('leaves out the tax line', async () => {
    const { html, text } = await page(app, '/impressum');
    expect(text).toContain('Lichtkasten Bildungsverein e. V.');
    expect(html).not.toContain('impressum-vat-id');
    expect(html).not.toContain('impressum-economic-id');
    expect(text).not.toContain('Umsatzsteuer-Identifikationsnummer');
    expect(text).not.toContain('Wirtschafts-Identifikationsnummer');
  });

  it('links only Impressum and privacy policy (and sign-in) from the footer', async () => {
    const links = footerLegalLinks((await page(app, '/shop')).html).map((href) => href.replace(/\?.*$/, ''));
    expect(links).toEqual(['/impressum', '/datenschutz', '/auth']);
  });
});

describe('with required settings missing', () => {
  let app: TestApp;
  beforeAll(async () => {
    const { ORG_BOARD: _board, SITE_PHONE: _phone, EDITOR_NAME: _editor, ...rest } = IMPRESSUM;
    app = await startTestApp(rest);
  });
  afterAll(() => app.close());

  it('site.legalStatus lists them, to admins only', async () => {
    const anonymous = await trpcQuery(app.url, 'site.legalStatus');
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain('ORG_BOARD');

    const user = await createUser(app);
    const forbidden = await trpcQuery(app.url, 'site.legalStatus', undefined, { cookie: await sessionCookie(app, user.user.id) });
    expect(forbidden.status).toBe(403);
    expect(JSON.stringify(forbidden.body)).not.toContain('ORG_BOARD');

    const admin = await createUser(app, { admin: true });
    const allowed = await trpcQuery(app.url, 'site.legalStatus', undefined, { cookie: await sessionCookie(app, admin.user.id) });
    expect(allowed.status).toBe(200);
    expect(allowed.body.result?.data).toEqual({ missing: ['ORG_BOARD', 'SITE_PHONE', 'EDITOR_NAME'] });
  });

  it('shows the banner "Impressum unvollständig" with the names on every admin page, server-rendered', async () => {
    const admin = await createUser(app, { admin: true });
    const cookie = await sessionCookie(app, admin.user.id);
    for (const path of ['/blog-admin', '/orders-admin', '/newsletter-admin', '/newsletter-admin/subscribers']) {
      const { status, html } = await page(app, path, cookie);
      expect(status, path).toBe(200);
      const banner = /data-testid="legal-status-banner"[\s\S]*?<\/p>/.exec(html)?.[0] ?? '';
      expect(textOf(banner), path).toContain('Impressum unvollständig');
      expect(textOf(banner), path).toContain('ORG_BOARD, SITE_PHONE, EDITOR_NAME');
    }
  });

  it('still renders the Impressum, with the example values', async () => {
    const { status, text } = await page(app, '/impressum');
    expect(status).toBe(200);
    expect(text).toContain('Lichtkasten Bildungsverein e. V.');
  });
});
