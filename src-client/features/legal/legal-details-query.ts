import type { Trpc } from '@client/trpc';

/**
 * The facts the legal pages are built from (`site.legal`): loaded by each legal page's route loader, so
 * the server renders the page complete. They change only with the configuration: kept for the visit.
 */
export const legalDetailsQuery = (trpc: Trpc) => ({ ...trpc.site.legal.queryOptions(), staleTime: Infinity });

/** For the admin banner: which required Impressum settings are missing (changes only with a restart). */
export const legalStatusQuery = (trpc: Trpc) => ({ ...trpc.site.legalStatus.queryOptions(), staleTime: Infinity });
