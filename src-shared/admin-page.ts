import { ADMIN_MAX_PAGE } from './constants';

/**
 * An admin list's `?page=` as its route reads it, without zod: a route's search checker is part of every
 * page's entry chunk (ADR 018, ADR 034). Page 1 and anything that is not a page in range are undefined, so
 * the address stays without `?page=`; the list's schema (schemas/admin-page.ts) checks the number again.
 */
export const parseAdminPage = (value: unknown): number | undefined => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 1 && page <= ADMIN_MAX_PAGE ? page : undefined;
};
