/** Small readers for server-rendered HTML, so page tests can check what a crawler or a browser without JavaScript gets. */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The visible text of a piece of HTML (tags removed, entities decoded, white space collapsed). */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1] as string) : null;
}

/** What a page says about itself in <html> and <head>, and its first-level heading. */
export function pageFacts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => tag);
  const meta = (key: string, value: string) => {
    const tag = metas.find((candidate) => attribute(candidate, key) === value);
    return tag ? attribute(tag, 'content') : null;
  };
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return {
    lang: /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? null,
    title: decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    ogTitle: meta('property', 'og:title'),
    ogLocale: meta('property', 'og:locale'),
    canonical: attribute(links.find((tag) => attribute(tag, 'rel') === 'canonical') ?? '', 'href'),
    alternates: Object.fromEntries(
      links
        .filter((tag) => attribute(tag, 'rel') === 'alternate' && attribute(tag, 'hreflang'))
        .map((tag) => [attribute(tag, 'hreflang'), attribute(tag, 'href')]),
    ) as Record<string, string>,
    h1: h1 === undefined ? null : textOf(h1),
  };
}
