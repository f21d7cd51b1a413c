import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A fresh database for one test: a SQLite file in the given folder, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a schema of its own there (dropped afterwards).
 */
export async function testDatabase(dir: string): Promise<{ url: string; dialect: 'sqlite' | 'postgres'; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) return { url: `sqlite:${join(dir, 'app.db')}`, dialect: 'sqlite', drop: async () => undefined };
  const schema = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const separator = base.includes('?') ? '&' : '?';
  return {
    url: `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    dialect: 'postgres',
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** True when the tests run on PostgreSQL (TEST_DATABASE_URL), for the few that are about SQLite itself. */
export const onPostgres = (process.env.TEST_DATABASE_URL ?? '').startsWith('postgres');
