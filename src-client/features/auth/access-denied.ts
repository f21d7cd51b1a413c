import { notFound } from '@tanstack/react-router';

const ACCESS_DENIED = 'ACCESS_DENIED';

/**
 * What the _admin layout's guard throws for a signed-in user without the admin role: a not-found with
 * this mark, shown by the layout's notFoundComponent. Not an Error: the router shows an error view in
 * the browser by throwing it again, so hydrating a server-rendered one fails and React discards the
 * page; a not-found view is rendered as it is.
 */
export function accessDenied() {
  return notFound({ data: ACCESS_DENIED });
}

/** Whether the router's error or not-found value of a match is the guard's denial. */
export function isAccessDenied(value: unknown): boolean {
  return (value as { data?: unknown } | null | undefined)?.data === ACCESS_DENIED;
}
