import { createHash, randomBytes } from 'node:crypto';

/**
 * The page's CSP must trust the inline scripts the renderer writes (the router's state for hydration,
 * the after-paint loader, each route's preload line) and nothing else: were a stored text ever to reach
 * the HTML as a <script>, hashing every script found in the page would trust it too.
 *
 * So each rendering gets a fresh random mark, which the router writes as the `nonce` attribute of every
 * script it emits (TanStack Router's `ssr.nonce`). The scripts carrying it are the renderer's own; a
 * stored text cannot carry a mark that is made after it was written and never leaves the server. The
 * mark is then taken out of the page again and the CSP names those scripts by their SHA-256 hashes, not
 * by the nonce: a cached page goes to many visitors, and a nonce must be new for every answer. The page
 * is thus byte for byte what it would be without the mark (same ETag, nothing for hydration to compare).
 */
export function newScriptMark(): string {
  // base64url: nothing in it that an HTML attribute would escape.
  return randomBytes(18).toString('base64url');
}

/** The page without the mark, and the SHA-256 (base64) of each inline script that carried it. */
export function takeOwnScripts(html: string, mark: string): { html: string; scriptHashes: string[] } {
  const attribute = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', code = ''] = match;
    if (code && attributes.includes(attribute) && !/\bsrc=/.test(attributes))
      hashes.add(createHash('sha256').update(code).digest('base64'));
  }
  // With a nonce the router also names it in a <meta property="csp-nonce"> (for scripts added later in the
  // browser, which this site does not do) and writes it on its <link> and <style> tags.
  const unmarked = html.replace(`<meta property="csp-nonce" content="${mark}"/>`, '').replaceAll(attribute, '');
  return { html: unmarked, scriptHashes: [...hashes] };
}
