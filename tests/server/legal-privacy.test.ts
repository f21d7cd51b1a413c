import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '@server/lib/i18n';
import { PRIVACY_TITLE } from '@client/features/legal/PrivacyPage';
import type { Locale } from '@shared/locales';
import { pageFacts, textOf } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

// The privacy policy (issue 17.2): generated per language from the settings, describing only what this
// installation does; and the short notice under every form that collects data (issue 17.3).

const LOCALES: Locale[] = ['de', 'en', 'fr'];

/** Settings with values no default or template text could contain. */
const SETTINGS = {
  ORG_NAME: 'Sonnenkiste Lernverein e. V.',
  ORG_STREET: 'Datenweg 23c',
  ORG_POSTCODE: '50888',
  ORG_CITY: 'Köln-Prüfstadt',
  ORG_BOARD: 'Greta Schutzmann (Vorsitzende); Olaf Riegel (Kassenwart)',
  SITE_EMAIL: 'datenfragen@sonnenkiste.example',
  SITE_PHONE: '+49 221 5554433',
  SUPERVISORY_AUTHORITY: 'Testaufsicht für Datenschutz, Behördenplatz 9, 40999 Düsseldorf',
  HOSTING_PROVIDER: 'Wolkenhaus Hosting GmbH',
  MAIL_PROVIDER: 'Postkutsche Mail AG',
  PRIVACY_POLICY_VERSION: '2026-09-14',
  LOG_RETENTION_DAYS: '11',
  CONTACT_RETENTION_DAYS: '77',
  NEWSLETTER_CONSENT_RETENTION_DAYS: '999',
  ORDER_RETENTION_YEARS: '13',
  AUDIT_RETENTION_DAYS: '222',
  // Daily backups are kept this many days where BACKUP_DIR is set (not here: the page says it either way).
  BACKUP_KEEP: '41',
};

/** The "Stand" line in each language: the version date formatted for the page. */
const VERSION_DATE: Record<Locale, string> = { de: '14. September 2026', en: '14 September 2026', fr: '14 septembre 2026' };

/** One phrase per language that only the template of that language contains (so the right one was used). */
const COOKIE_SECTION_TITLE: Record<Locale, string> = {
  de: 'Speicherung auf Ihrem Endgerät (Cookies)',
  en: 'What we store on your device (cookies)',
  fr: 'Ce que nous enregistrons sur votre appareil (cookies)',
};

/** Per language: phrases of the parts the privacy audit found missing or wrong. */
const AUDITED: Record<
  Locale,
  { languageLink: string; storageUntilDeleted: string; legitimateInterest: string; twoFactor: string[]; backups: string }
> = {
  de: {
    languageLink: 'Link, der eine Sprache nennt',
    storageUntilDeleted: 'bis Sie ihn in Ihrem Browser löschen',
    legitimateInterest: 'Art. 6 Abs. 1 lit. f DSGVO',
    twoFactor: ['Zwei-Faktor-Anmeldung', 'Wiederherstellungscodes', 'Konto löschen'],
    backups: 'Sicherungskopie',
  },
  en: {
    languageLink: 'link that names a language',
    storageUntilDeleted: 'stays until you delete it in your browser',
    legitimateInterest: 'Art. 6(1)(f) GDPR',
    twoFactor: ['two-factor sign-in', 'recovery codes', 'delete your account'],
    backups: 'backup cop',
  },
  fr: {
    languageLink: 'lien qui indique une langue',
    storageUntilDeleted: 'jusqu’à ce que vous la supprimiez dans votre navigateur',
    legitimateInterest: 'point f)',
    twoFactor: ['connexion à deux facteurs', 'codes de récupération', 'supprimez votre compte'],
    backups: 'copies de sauvegarde',
  },
};

/** The text of each list item of one section. */
function listItems(html: string, id: string): string[] {
  const section = new RegExp(`<section[^>]*\\sid="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
  return [...section.matchAll(/<li[\s\S]*?<\/li>/g)].map((match) => textOf(match[0]));
}

/** Per language: the account section on accounts never confirmed, the e-mail section on mails never delivered, orders never paid. */
const UNCONFIRMED_ACCOUNTS: Record<Locale, string> = { de: 'nie bestätigt', en: 'never confirmed', fr: 'jamais confirmée' };
const UNDELIVERED_MAILS: Record<Locale, string> = {
  de: 'nicht zustellbaren E-Mail',
  en: 'could not be delivered',
  fr: 'pas pu être distribué',
};
const UNPAID_ORDERS: Record<Locale, string> = {
  de: 'nie Geld eingegangen',
  en: 'no money was ever received',
  fr: 'aucun paiement n’a jamais été reçu',
};

/**
 * Per language: the overview's exception to "no third-party content": a post's picture pasted as an https
 * address is loaded from its site, which sees the reader's IP address (the post form warns about it).
 */
const EXTERNAL_PICTURE: Record<Locale, string> = {
  de: 'Eine Ausnahme: Zeigt ein Blogbeitrag ein Bild von einer anderen Website, lädt Ihr Browser es von dort, und deren Anbieter sieht Ihre IP-Adresse.',
  en: 'One exception: if a blog post shows a picture from another website, your browser loads it from there, and that website’s provider sees your IP address.',
  fr: 'Une exception : si un article du blog affiche une image d’un autre site web, votre navigateur la charge depuis ce site, dont le fournisseur voit votre adresse IP.',
};

async function privacyPage(app: TestApp, locale: Locale) {
  const response = await app.request(`/datenschutz?lang=${locale}`);
  const html = await response.text();
  return { status: response.status, html, text: textOf(html), facts: pageFacts(html) };
}

/** The ids of the page's sections, in order (each is an anchor of the table of contents). */
function sectionIds(html: string): string[] {
  return [...html.matchAll(/<section[^>]*\sid="([^"]+)"[^>]*aria-labelledby="\1-title"/g)].map((match) => match[1] as string);
}

/** The text of one section of the page ("" when it is not there). */
function sectionText(html: string, id: string): string {
  const match = new RegExp(`<section[^>]*\\sid="${id}"[\\s\\S]*?</section>`).exec(html);
  return match ? textOf(match[0]) : '';
}

describe('/datenschutz with the shop closed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...SETTINGS, SHOP_ORDERS_ENABLED: 'false' });
  });
  afterAll(() => app.close());

  for (const locale of LOCALES) {
    it(`names the controller, the authority, the settings' periods and both cookies in ${locale}, without JavaScript`, async () => {
      const { status, html, text, facts } = await privacyPage(app, locale);
      expect(status).toBe(200);
      expect(facts.lang).toBe(locale);
      expect(facts.h1).toBe(i18nFor(locale)._(PRIVACY_TITLE));
      expect(text).toContain(COOKIE_SECTION_TITLE[locale]);
      const version = /data-testid="legal-date"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
      expect(textOf(version)).toContain(VERSION_DATE[locale]);

      const controller = sectionText(html, 'controller');
      for (const fact of [
        'Sonnenkiste Lernverein e. V.',
        'Datenweg 23c',
        '50888 Köln-Prüfstadt',
        'Greta Schutzmann (Vorsitzende)',
        'Olaf Riegel (Kassenwart)',
        'datenfragen@sonnenkiste.example',
        '+49 221 5554433',
      ]) {
        expect(controller).toContain(fact);
      }
      expect(html).toContain('href="mailto:datenfragen@sonnenkiste.example"');
      expect(sectionText(html, 'complaint')).toContain('Testaufsicht für Datenschutz, Behördenplatz 9, 40999 Düsseldorf');
      expect(sectionText(html, 'hosting')).toContain('Wolkenhaus Hosting GmbH');

      // The periods are the settings' (and the code's constants), in the section that explains each.
      expect(sectionText(html, 'server-logs')).toMatch(/\b11\b/);
      expect(sectionText(html, 'contact-form')).toMatch(/\b77\b/);
      expect(sectionText(html, 'newsletter')).toMatch(/\b999\b/);
      expect(sectionText(html, 'newsletter')).toMatch(/\b7\b/); // unconfirmed sign-ups: the confirmation link's 7 days
      const storage = sectionText(html, 'device-storage');
      expect(storage).toContain('schoolbox_session'); // plain http here; on https the name carries __Host-
      expect(storage).toMatch(/\b30\b/); // the session's lifetime
      expect(storage).toMatch(/[„"«]\s?lang\s?[“"»]/); // the language cookie, by name
      expect(storage).toContain('schoolbox.locale');
      expect(storage).toContain('schoolbox.cart');
      expect(storage).toMatch(/\b365\b/); // the language cookie's lifetime
      expect(sectionText(html, 'retention')).toMatch(/\b77\b/);
      // Accounts never confirmed go after 30 days; mails never delivered after 30 days like sent ones.
      expect(sectionText(html, 'accounts')).toContain(UNCONFIRMED_ACCOUNTS[locale]);
      expect(sectionText(html, 'accounts')).toMatch(/\b30\b/);
      expect(sectionText(html, 'email')).toContain(UNDELIVERED_MAILS[locale]);
    });
  }

  for (const locale of LOCALES) {
    it(`says when the cookies and storage entries are set and how long they last, and what the admin log, two-factor sign-in and backups keep, in ${locale}`, async () => {
      const response = await app.request(`/datenschutz?lang=${locale}`);
      // Any page opened with ?lang= sets the language cookie (the switcher's links and links in mails do), as the page now says.
      expect(response.headers.getSetCookie().join('\n')).toMatch(new RegExp(`(^|\\n)lang=${locale};.*Max-Age=${365 * 24 * 60 * 60}`));
      const html = await response.text();
      const phrases = AUDITED[locale];
      const items = listItems(html, 'device-storage');
      const languageCookie = items.find((item) => /[„"«]\s?lang\s?[“"»]/.test(item)) ?? '';
      expect(languageCookie).toContain(phrases.languageLink);
      expect(languageCookie).toMatch(/\b365\b/);
      // The localStorage entry has no expiry: no lifetime in days is claimed for it.
      const languageEntry = items.find((item) => item.includes('schoolbox.locale')) ?? '';
      expect(languageEntry).toContain(phrases.storageUntilDeleted);
      expect(languageEntry).not.toMatch(/\b365\b/);
      // The cookie a form sent without scripts sets for the next page's message: by name, HttpOnly, 60 seconds.
      const notice = items.find((item) => /[„"«]\s?notice\s?[“"»]/.test(item)) ?? '';
      expect(notice).toContain('HttpOnly');
      expect(notice).toMatch(/\b60\b/);
      expect(sectionText(html, 'legal-bases')).toMatch(/TDDDG[^.]*(Hinweis-Cookie|notice cookie|cookie de message)/);

      // The admins' audit trail: purpose, legal basis, the IP address (also of failed admin sign-ins), the period from the settings.
      expect(sectionIds(html)).toContain('admin-audit');
      const audit = sectionText(html, 'admin-audit');
      expect(audit).toContain(phrases.legitimateInterest);
      expect(audit.match(/IP/g)?.length).toBeGreaterThanOrEqual(2);
      expect(audit).toMatch(/\b222\b/);
      expect(sectionText(html, 'retention')).toMatch(/\b222\b/);

      // Two-factor sign-in's data in the accounts section: named, and deleted with the account or when turned off.
      const accounts = sectionText(html, 'accounts');
      for (const phrase of phrases.twoFactor) expect(accounts).toContain(phrase);

      // Backups keep deleted data until they rotate out: BACKUP_KEEP days.
      const retention = sectionText(html, 'retention');
      expect(retention).toContain(phrases.backups);
      expect(retention).toMatch(/\b41\b/);
    });
  }

  for (const locale of LOCALES) {
    it(`says in the overview that a blog post's picture from another website is loaded from there, in ${locale}`, async () => {
      const { html } = await privacyPage(app, locale);
      expect(sectionText(html, 'overview')).toContain(EXTERNAL_PICTURE[locale]);
    });
  }

  it('has no orders, payment or privacy-contact section, and names neither Printful nor Stripe', async () => {
    for (const locale of LOCALES) {
      const { html, text } = await privacyPage(app, locale);
      const ids = sectionIds(html);
      expect(ids).toContain('controller');
      expect(ids).toContain('objection');
      expect(ids).not.toContain('orders');
      expect(ids).not.toContain('payments');
      expect(ids).not.toContain('privacy-contact');
      expect(text).not.toContain('Printful');
      expect(text).not.toContain('Stripe');
      expect(sectionText(html, 'retention')).not.toMatch(/\b13\b/);
    }
  });

  it('lists every section in the table of contents, and sets the right to object apart', async () => {
    const { html } = await privacyPage(app, 'de');
    const ids = sectionIds(html);
    expect(ids.length).toBeGreaterThan(15);
    for (const id of ids) expect(html).toContain(`href="#${id}"`);
    expect(sectionText(html, 'objection')).toContain('Ihr Recht auf Widerspruch (Art. 21 DSGVO)');
  });
});

describe('/datenschutz with the shop taking orders', () => {
  describe('without a Printful token (demo catalog)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({
        ...SETTINGS,
        SHOP_ORDERS_ENABLED: 'true',
        PRIVACY_CONTACT: 'Datenschutz-Team, privacy@sonnenkiste.example',
      });
    });
    afterAll(() => app.close());

    it('has the orders section with the retention years, Printful unnamed, and the data protection contact', async () => {
      for (const locale of LOCALES) {
        const { html, text } = await privacyPage(app, locale);
        const ids = sectionIds(html);
        expect(ids).toContain('orders');
        expect(sectionText(html, 'orders')).toMatch(/\b13\b/);
        expect(sectionText(html, 'orders')).toMatch(/§ 147 AO/);
        // Orders that never brought money keep the buyer 90 days, not the tax period.
        expect(sectionText(html, 'orders')).toContain(UNPAID_ORDERS[locale]);
        expect(sectionText(html, 'orders')).toMatch(/\b90\b/);
        expect(sectionText(html, 'retention')).toMatch(/\b90\b/);
        expect(text).not.toContain('Printful');
        expect(ids).toContain('privacy-contact');
        expect(sectionText(html, 'privacy-contact')).toContain('Datenschutz-Team, privacy@sonnenkiste.example');
        expect(ids).not.toContain('payments');
        expect(text).not.toContain('Stripe');
      }
    });
  });

  describe('with a Printful token', () => {
    let app: TestApp;
    beforeAll(async () => {
      // A dead address: rendering the privacy page must not call Printful.
      app = await startTestApp({
        ...SETTINGS,
        SHOP_ORDERS_ENABLED: 'true',
        PRINTFUL_API_TOKEN: 'test-token',
        PRINTFUL_API_URL: 'http://127.0.0.1:9',
      });
    });
    afterAll(() => app.close());

    it('names Printful as the processor that prints and ships, and the transfer basis', async () => {
      for (const locale of LOCALES) {
        const { html } = await privacyPage(app, locale);
        expect(sectionText(html, 'orders')).toContain('Printful');
        expect(sectionText(html, 'recipients')).toContain('Printful');
        expect(sectionText(html, 'third-countries')).toContain('Printful');
      }
    });
  });
});

describe('the privacy notice under each form', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** The notice inside the form whose aria-label is given: its text and its link's href. */
  async function noticeInForm(path: string, formLabel: string) {
    const html = await (await app.request(path)).text();
    const form = new RegExp(`<form[^>]*aria-label="${formLabel}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
    const notice = /<[^>]*data-testid="privacy-notice"[^>]*>([\s\S]*?)<\/p>/.exec(form)?.[1] ?? '';
    return { text: textOf(notice), href: /href="([^"]*)"/.exec(notice)?.[1] ?? null };
  }

  it('is in the contact form, linking to the section on contact messages', async () => {
    const notice = await noticeInForm('/contact', 'Kontaktformular');
    expect(notice.text).toContain('um Ihre Anfrage zu beantworten');
    expect(notice.href).toMatch(/^\/datenschutz(\?[^#]*)?#contact-form$/);
  });

  it('is in the sign-up form, linking to the section on accounts', async () => {
    const notice = await noticeInForm('/auth?tab=sign-up', 'Registrieren');
    expect(notice.text).toContain('für Ihr Konto');
    expect(notice.href).toMatch(/^\/datenschutz(\?[^#]*)?#accounts$/);
  });

  it('is in the newsletter sign-up, linking to the section on the newsletter', async () => {
    const notice = await noticeInForm('/blog', 'Newsletter abonnieren');
    expect(notice.text).toContain('Nachweis Ihrer Einwilligung');
    expect(notice.href).toMatch(/^\/datenschutz(\?[^#]*)?#newsletter$/);
  });

  it('is in the withdrawal form, linking to the section on withdrawals that the privacy page has', async () => {
    const shop = await startTestApp({ ...SETTINGS, SHOP_ORDERS_ENABLED: 'true' });
    try {
      const html = await (await shop.request('/widerruf/erklaeren')).text();
      const form = /<form[^>]*aria-label="Widerrufserklärung"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
      const notice = /<[^>]*data-testid="privacy-notice"[^>]*>([\s\S]*?)<\/p>/.exec(form)?.[1] ?? '';
      expect(textOf(notice)).toContain('um Ihren Widerruf zu bearbeiten');
      expect(/href="([^"]*)"/.exec(notice)?.[1]).toMatch(/^\/datenschutz(\?[^#]*)?#withdrawals$/);
      for (const locale of LOCALES) {
        const { html: policy } = await privacyPage(shop, locale);
        expect(sectionIds(policy), locale).toContain('withdrawals');
        // The paragraph on the withdrawal function, which links to the form.
        const section = /<section[^>]*\sid="withdrawals"[\s\S]*?<\/section>/.exec(policy)?.[0] ?? '';
        expect(section, locale).toMatch(/href="\/widerruf\/erklaeren[?"]/);
      }
    } finally {
      await shop.close();
    }
  });

  it('links in the visitor language', async () => {
    const html = await (await app.request('/contact?lang=en')).text();
    const notice = /data-testid="privacy-notice"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(/href="([^"]*)"/.exec(notice)?.[1]).toBe('/datenschutz?lang=en#contact-form');
  });
});
