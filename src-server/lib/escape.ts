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
 * Text for a terminal line (the operator CLI): every control character is written out as \u001b etc., so
 * a stored name holding ESC, CR or a line break can neither move the cursor nor forge a line of output.
 */
export function escapeControlCharacters(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
