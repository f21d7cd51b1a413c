import { describe, expect, it } from 'vitest';
import { detectLocale } from '@client/i18n/detect-locale';

describe('detectLocale', () => {
  it('prefers the stored choice over the browser languages', () => {
    expect(detectLocale('fr', ['en-US', 'de'])).toBe('fr');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(detectLocale('es', ['en-US'])).toBe('en');
  });

  it('takes the first supported browser language, matching on the base language', () => {
    expect(detectLocale(null, ['es-ES', 'fr-CA', 'en'])).toBe('fr');
    expect(detectLocale(null, ['EN-gb'])).toBe('en');
  });

  it('falls back to German', () => {
    expect(detectLocale(null, ['es', 'it'])).toBe('de');
    expect(detectLocale(null, [])).toBe('de');
  });
});
