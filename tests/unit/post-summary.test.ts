import { describe, expect, it } from 'vitest';
import { collapseWhitespace, postSummary, shortenText } from '@shared/post-summary';

// A post's summary in the page head, its structured data and the RSS feed: one line, whole words.

describe('shortenText', () => {
  it('leaves a short text whole, on one line', () => {
    expect(shortenText('Zwei\nZeilen\t und  Leerraum ', 160)).toBe('Zwei Zeilen und Leerraum');
    expect(collapseWhitespace(' a \n\n b ')).toBe('a b');
  });

  it('cuts a long text after the last whole word that fits, with "…"', () => {
    expect(shortenText('eins zwei drei vier', 12)).toBe('eins zwei…');
    // A word that ends exactly where the "…" would go is kept only if the "…" still fits.
    expect(shortenText('eins zwei drei', 10)).toBe('eins zwei…');
    expect(shortenText('eins zwei drei', 9)).toBe('eins…');
    const text =
      'Die SchoolBox bringt ein Klassenzimmer im Container, mit Strom aus der Sonne und Internet per Satellit, zu Gemeinschaften ohne Schule.';
    for (const max of [20, 45, 60, 100]) {
      const short = shortenText(text, max);
      expect(short.length, String(max)).toBeLessThanOrEqual(max);
      expect(short.endsWith('…'), String(max)).toBe(true);
      // What stands before the "…" is the text's start up to the end of a word.
      const kept = short.slice(0, -1);
      expect(text.startsWith(kept), String(max)).toBe(true);
      expect(text[kept.length], String(max)).toMatch(/[\s,]/);
    }
  });

  it('drops the punctuation before the cut, and cuts a single overlong word inside itself', () => {
    expect(shortenText('Erstens, zweitens, drittens', 20)).toBe('Erstens, zweitens…');
    expect(shortenText('Satz – und mehr danach', 8)).toBe('Satz…');
    expect(shortenText('Donaudampfschifffahrtsgesellschaft', 10)).toBe('Donaudamp…');
  });

  it('keeps what a post says: its text is plain text, never markup', () => {
    expect(shortenText('<b>fett</b> **nicht** fett', 160)).toBe('<b>fett</b> **nicht** fett');
  });
});

describe('postSummary', () => {
  it('is the excerpt on one line, else the start of the text', () => {
    expect(postSummary({ excerpt: 'Ein\nAuszug', content: 'Der Text.' }, 160)).toBe('Ein Auszug');
    expect(postSummary({ excerpt: null, content: 'Der\n\nText.' }, 160)).toBe('Der Text.');
    expect(postSummary({ excerpt: null, content: 'eins zwei drei vier' }, 12)).toBe('eins zwei…');
  });
});
