/**
 * The one escaper for text placed into HTML or XML we write by hand (mail bodies, feeds, page meta):
 * the five characters that can end a text or an attribute value become entities that HTML and XML both
 * know. Use it for element text and for double- or single-quoted attribute values alike.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/**
 * Characters a terminal line must not carry as they are: control characters (ESC, CR, line breaks), and
 * the bidirectional controls (the marks U+061C, U+200E, U+200F; embeddings and overrides U+202A–U+202E;
 * isolates U+2066–U+2069), which reorder what follows them on the line: a name holding U+202E shows the
 * rest of the line backwards, and text after it can pose as another column.
 */
const TERMINAL_UNSAFE = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text for a terminal line (the operator CLI): every control character and bidirectional control is
 * written out as \u001b, \u202e etc., so a stored name can neither move the cursor, nor forge a line of
 * output, nor turn the line around.
 */
export function escapeControlCharacters(value: string): string {
  return value.replace(TERMINAL_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
