/**
 * Just enough MIME to read what nodemailer wrote, for the server tests (raw SMTP data) and the browser
 * tests (the capture server's files) alike: unfolded headers, quoted-printable and RFC 2047 encoded words.
 */

/** The headers (names lower-cased, folded lines joined) and the body after the first empty line; line ends become \n. */
export function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable text as UTF-8: soft line breaks removed, each =XX a byte. */
export function decodeQuotedPrintable(text: string): string {
  const withoutSoftBreaks = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (withoutSoftBreaks[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(withoutSoftBreaks[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between two encoded words is not part of the text
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
