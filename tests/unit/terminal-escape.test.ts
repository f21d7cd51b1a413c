/**
 * The operator CLI's output (users:list and the other lists): stored text cannot move the cursor, forge a
 * line, or turn the line around with a bidirectional control (QA: U+202E in a name was printed raw).
 */
import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from '@server/lib/escape';

describe('escapeControlCharacters', () => {
  it('writes control characters out as escapes, as before', () => {
    expect(escapeControlCharacters('Ada\u001b[2K\r\nEve')).toBe('Ada\\u001b[2K\\u000d\\u000aEve');
  });

  it.each([
    ['\u202A', '\\u202a'],
    ['\u202B', '\\u202b'],
    ['\u202C', '\\u202c'],
    ['\u202D', '\\u202d'],
    ['\u202E', '\\u202e'],
    ['\u2066', '\\u2066'],
    ['\u2067', '\\u2067'],
    ['\u2068', '\\u2068'],
    ['\u2069', '\\u2069'],
    ['\u200E', '\\u200e'],
    ['\u200F', '\\u200f'],
    ['\u061C', '\\u061c'],
  ])('writes the bidirectional control %j out as %s', (control, escaped) => {
    expect(escapeControlCharacters(`Eve${control}nimda  admin@example.org`)).toBe(`Eve${escaped}nimda  admin@example.org`);
  });

  it('leaves letters of every script, emoji and their joiners as they are', () => {
    const text = 'Zoë 李 علي क्\u200Dष 👩\u200D👩\u200D👧';
    expect(escapeControlCharacters(text)).toBe(text);
  });
});
