/** The compressed forms the server sends, in the order it prefers them. */
export type ContentEncoding = 'br' | 'gzip';

export const CONTENT_ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];
const NAMED: Record<ContentEncoding, RegExp> = { br: /\bbr\b/i, gzip: /\bgzip\b/i };

/**
 * Which of the `available` encodings to send for a request's Accept-Encoding: brotli, else gzip, else
 * null (plain), by the weights the client gives (RFC 9110 §12.5.3): `br;q=0` refuses brotli, `*` stands
 * for any encoding not named, and the higher weight wins (brotli on a tie). Browsers send a plain list
 * ("gzip, deflate, br, zstd"), which the first branch reads without splitting: it is on the path of
 * every cached answer.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = CONTENT_ENCODINGS,
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  if (acceptEncoding.includes(';')) return byWeight(acceptEncoding, available);
  // Every encoding named (or covered by *) weighs 1: the first available one that is.
  if (acceptEncoding.includes('*')) return available[0] ?? null;
  return available.find((encoding) => NAMED[encoding].test(acceptEncoding)) ?? null;
}

/** The available encoding of the highest weight above 0 (the earlier one on a tie), or null. */
function byWeight(acceptEncoding: string, available: readonly ContentEncoding[]): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
