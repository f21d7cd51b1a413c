import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations/index';
import type { Logger } from '../lib/logger';

/**
 * Brings the schema up to date, one migration per transaction (on SQLite too, see sqlite-dialect.ts):
 * a migration that fails or is killed halfway leaves the schema as it was, and the next start tries it
 * again. Logs each migration; throws (and so stops start-up) on failure.
 */
export async function migrateToLatest(db: Kysely<any>, logger: Logger, list: Record<string, Migration> = migrations): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider });
  for (;;) {
    // migrateUp() applies the next pending migration (and records it) in one transaction.
    const { error, results = [] } = await migrator.migrateUp();
    for (const result of results) {
      const log = result.status === 'Success' ? logger.info : logger.error;
      log(`migration ${result.migrationName}: ${result.status}`);
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (results.length === 0) return;
  }
}
