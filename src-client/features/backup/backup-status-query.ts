import type { Trpc } from '@client/trpc';

/** For the admin banner: the last daily backup's failure (null while backups succeed); a minute is fresh enough. */
export const backupStatusQuery = (trpc: Trpc) => ({ ...trpc.site.backupStatus.queryOptions(), staleTime: 60_000 });
