import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations/index';
import type { Logger } from '../lib/logger';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Logs each migration; throws (and so stops start-up) on failure. */
export async function migrateToLatest(db: Kysely<any>, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    const log = result.status === 'Success' ? logger.info : logger.error;
    log(`migration ${result.migrationName}: ${result.status}`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
