/**
 * The one escaper for text placed into HTML or XML we write by hand (mail bodies, feeds, page meta):
 * the five characters that can end a text or an attribute value become entities that HTML and XML both
 * know. Use it for element text and for double- or single-quoted attribute values alike.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}
