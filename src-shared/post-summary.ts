/**
 * A post's summary where only a short line of it fits: the page's meta description and the BlogPosting's
 * `description` (client), the RSS item's `<description>` (server). One implementation, so that search
 * results, share previews and feed readers say the same.
 */

/** Search results show about this many characters of a description. */
export const DESCRIPTION_LENGTH = 160;
/** A feed item's summary: longer, a reader shows a few lines. */
export const FEED_SUMMARY_LENGTH = 300;

/** Line breaks, tabs and runs of spaces become one space: a description is one line. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * `text` on one line, at most `maxLength` characters: cut at the last word boundary that fits, with "…"
 * (a word cut in half reads as a typo). Only a single word longer than the limit is cut inside itself.
 * A post's text is plain text, shown as it is written (never as Markdown or HTML), so nothing in it is
 * markup to take out: "<b>" in a post is what the post says.
 */
export function shortenText(text: string, maxLength: number): string {
  const line = collapseWhitespace(text);
  if (line.length <= maxLength) return line;
  // The last space at which the text before it still leaves room for the "…".
  const boundary = line.lastIndexOf(' ', maxLength - 1);
  const cut = boundary > 0 ? line.slice(0, boundary) : line.slice(0, maxLength - 1);
  // No "Wort,…" or "Satz –…": the punctuation before the cut goes with it.
  return `${cut.replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** A post's summary: its excerpt (written as one) on one line, else the start of its text, shortened. */
export function postSummary(post: { excerpt: string | null; content: string }, maxLength: number): string {
  return post.excerpt ? collapseWhitespace(post.excerpt) : shortenText(post.content, maxLength);
}
