import { siteLink } from '../mail/site-link';

/** The page that confirms an unsubscription (built by the client at this path). */
const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';
/**
 * RFC 8058 one-click unsubscribe: mail programs POST `List-Unsubscribe=One-Click` here, without an
 * Origin header (so the origin check must let this path through; the token is the authorization).
 * A GET (a person or a link scanner opening it) only leads to the page.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/one-click';

export const unsubscribePageUrl = (publicUrl: string, token: string, locale: string) =>
  siteLink(publicUrl, UNSUBSCRIBE_PAGE_PATH, { token }, locale);

export const oneClickUnsubscribeUrl = (publicUrl: string, token: string, locale: string) =>
  siteLink(publicUrl, ONE_CLICK_UNSUBSCRIBE_PATH, { token }, locale);
