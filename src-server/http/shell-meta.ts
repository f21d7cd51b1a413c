/** What a page tells search engines and link previews before any script runs. */
export type PageMeta = { title: string; description: string | null };

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Puts a page's own title and description into the app shell (index.html). */
export function injectMeta(html: string, meta: PageMeta): string {
  // Function replacers: a "$&" or "$'" in a post title must stay text, not become a replacement pattern.
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  if (meta.description !== null) {
    const description = meta.description;
    out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return out;
}
