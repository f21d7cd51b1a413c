import { z } from './zod';
import { isMediaUrl, PICTURE_URL_WITH_CREDENTIALS } from '../media';

// Picture addresses end up in HTML attributes and mails: whitespace, control characters (NUL, which
// PostgreSQL refuses), quotes, angle brackets, backticks and backslashes are refused outright, whatever
// a URL parser would make of them.
const SAFE_URL_CHARS = /^[^\s\p{Cc}"'<>`\\]+$/u;

/** "https://user:pass@host/…", "https://user@host/…": anything before an @ in the part that names the host. */
const CREDENTIALS = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*@/i;

/**
 * An https address with a real host name, written out in full: "https:evil.test" (which a URL parser
 * quietly reads as https://evil.test/) is refused. Only https: the site's CSP loads no plain-http pictures.
 */
const httpsPictureUrl = z
  .string()
  .regex(/^https:\/\//)
  .regex(SAFE_URL_CHARS)
  // Checked on the text as typed: the URL check itself drops tabs and line breaks before parsing.
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain }));

/** A picture of this site itself ("/images/blog/solar.svg"); not "//host" or "/\host", which browsers read as other sites. */
export const sitePicturePath = z
  .string()
  .regex(/^\/(?![/\\])/)
  .regex(SAFE_URL_CHARS);

/** A picture uploaded to this site ("/media/<id>-<width>x<height>", src-shared/media.ts). */
export const uploadedPicturePath = z.string().refine(isMediaUrl);

/**
 * A picture's address as an admin types or uploads it, trimmed: empty for none, a full https address of
 * another site, or one of this site's own pictures (`ownPicture`: any path for a post, an upload for a
 * mail). The one schema for every picture address of the site.
 */
export const pictureUrl = (max: number, ownPicture: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !CREDENTIALS.test(value), { error: PICTURE_URL_WITH_CREDENTIALS })
    .pipe(z.union([z.literal(''), httpsPictureUrl, ownPicture]));
