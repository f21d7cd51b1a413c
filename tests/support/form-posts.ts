import { NOTICE_COOKIE } from '@shared/forms';
import { decodeEntities } from './html';
import type { TestApp } from './test-app';

/** A form as a browser without scripts posts it (urlencoded, to the page's address), with the given Origin. */
export function postForm(target: TestApp, path: string, fields: Record<string, string>, origin: string | null = target.url) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (origin !== null) headers.origin = origin;
  return fetch(`${target.url}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}

/** The page the browser loads after the redirect, with the notice cookie the redirect set. */
export async function followRedirect(target: TestApp, response: Response) {
  const notice = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`));
  const location = response.headers.get('location') ?? '';
  const next = await fetch(new URL(location, target.url), { headers: notice ? { cookie: notice.split(';')[0] as string } : {} });
  return { response: next, html: await next.text() };
}

/** The attributes of every `<tag>` in a page's HTML, whatever their order. */
export function tagsOf(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, decodeEntities(value ?? '')]),
    ),
  );
}
