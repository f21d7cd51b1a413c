import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_COOKIE_MAX_AGE_S } from '@shared/locales';
import { applyKeptLanguage, keptLanguageStep, LOCALE_STORAGE_KEY } from '@client/i18n/locale-storage';

// Spec §1: the chosen language is kept in local storage. The server reads `?lang` and the `lang` cookie
// (DESIGN §8); once the page runs, the cookie slides on, and a kept choice whose cookie has gone (a year
// without a visit, cookies deleted) comes back, with the page in that language.

describe('keptLanguageStep', () => {
  it('renews the cookie when it chose the page, whatever localStorage says', () => {
    expect(keptLanguageStep({ rendered: 'en', searchLang: null, cookieLang: 'en', storedLang: 'en' })).toEqual({
      cookie: 'en',
      switchTo: null,
    });
    expect(keptLanguageStep({ rendered: 'en', searchLang: null, cookieLang: 'en', storedLang: null })).toEqual({
      cookie: 'en',
      switchTo: null,
    });
    // The cookie is the newer choice (a link naming a language sets it; the stored one is older).
    expect(keptLanguageStep({ rendered: 'en', searchLang: null, cookieLang: 'en', storedLang: 'fr' })).toEqual({
      cookie: 'en',
      switchTo: null,
    });
  });

  it('keeps the language the address names (and its cookie, which the server has set)', () => {
    expect(keptLanguageStep({ rendered: 'fr', searchLang: 'fr', cookieLang: null, storedLang: 'de' })).toEqual({
      cookie: 'fr',
      switchTo: null,
    });
    expect(keptLanguageStep({ rendered: 'fr', searchLang: 'fr', cookieLang: 'en', storedLang: 'en' })).toEqual({
      cookie: 'fr',
      switchTo: null,
    });
  });

  it('without address or cookie, brings back the kept choice and loads the page in it when it was rendered in another', () => {
    expect(keptLanguageStep({ rendered: 'de', searchLang: null, cookieLang: null, storedLang: 'fr' })).toEqual({
      cookie: 'fr',
      switchTo: 'fr',
    });
    expect(keptLanguageStep({ rendered: 'en', searchLang: null, cookieLang: null, storedLang: 'de' })).toEqual({
      cookie: 'de',
      switchTo: 'de',
    });
    // Accept-Language gave the kept language already: only the cookie comes back.
    expect(keptLanguageStep({ rendered: 'fr', searchLang: null, cookieLang: null, storedLang: 'fr' })).toEqual({
      cookie: 'fr',
      switchTo: null,
    });
  });

  it('sets nothing for a visitor who never chose, and ignores values that are no language', () => {
    expect(keptLanguageStep({ rendered: 'en', searchLang: null, cookieLang: null, storedLang: null })).toEqual({
      cookie: null,
      switchTo: null,
    });
    expect(keptLanguageStep({ rendered: 'de', searchLang: 'xx', cookieLang: 'klingon', storedLang: 'es' })).toEqual({
      cookie: null,
      switchTo: null,
    });
    expect(keptLanguageStep({ rendered: 'de', searchLang: 'xx', cookieLang: 'klingon', storedLang: 'en' })).toEqual({
      cookie: 'en',
      switchTo: 'en',
    });
  });
});

describe('applyKeptLanguage in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A page at `href` with these cookies and this stored choice; records what the page writes and where it goes. */
  function browser(href: string, cookie: string, stored: string | null) {
    const written: string[] = [];
    const replace = vi.fn();
    const url = new URL(href);
    vi.stubGlobal('window', {
      location: { href, search: url.search, protocol: url.protocol, replace },
      localStorage: { getItem: (key: string) => (key === LOCALE_STORAGE_KEY ? stored : null) },
    });
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    });
    return { written, replace };
  }

  it('restores an expired cookie from localStorage and loads the page by its ?lang= address, keeping the rest of it', () => {
    const { written, replace } = browser('https://schoolbox.example/blog?category=Bildung#top', 'other=1', 'fr');
    applyKeptLanguage('de');
    expect(written).toEqual([`lang=fr; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax; Secure`]);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]?.[0])).toBe('https://schoolbox.example/blog?category=Bildung&lang=fr#top');
  });

  it('renews an existing cookie and stays', () => {
    const { written, replace } = browser('http://127.0.0.1:3000/shop', 'session=x; lang=en', 'en');
    applyKeptLanguage('en');
    expect(written).toEqual([`lang=en; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('does nothing for a visitor who never chose', () => {
    const { written, replace } = browser('http://127.0.0.1:3000/', '', null);
    applyKeptLanguage('de');
    expect(written).toEqual([]);
    expect(replace).not.toHaveBeenCalled();
  });
});
