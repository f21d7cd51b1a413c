/**
 * Migrations run one per transaction (on SQLite too): a migration that fails halfway leaves the schema
 * as it was before it, so the next start can simply try again.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/logger';
import { makeTempDir } from '../support/temp-dir';
import { testDatabase } from '../support/test-database';

let db: Db;
let cleanup: () => Promise<void>;
const logger = createLogger('silent');

beforeEach(async () => {
  const temp = makeTempDir();
  const database = await testDatabase(temp.dir);
  db = connectDatabase(database.url).db;
  cleanup = async () => {
    await db.destroy();
    await database.drop();
    temp.remove();
  };
});
afterEach(() => cleanup());

const createTable = (name: string) => (db: Kysely<any>) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .execute();

const first: Migration = { up: createTable('first_table') };
/** Creates a table, fills it, then fails: as a bug, a full disk or a kill in the middle would. */
const failsHalfway: Migration = {
  async up(db) {
    await createTable('half_table')(db);
    await db.insertInto('half_table').values({ id: 'a' }).execute();
    await db.schema.alterTable('first_table').addColumn('extra', 'text').execute();
    throw new Error('boom halfway');
  },
};
const fixed: Migration = {
  async up(db) {
    await createTable('half_table')(db);
    await db.schema.alterTable('first_table').addColumn('extra', 'text').execute();
  },
};

async function tableNames(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}
const columnsOf = async (table: string) => (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name);
const applied = async () =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);

describe('migrateToLatest', () => {
  it('leaves the schema as before when a migration fails halfway, and applies it once fixed', async () => {
    await expect(migrateToLatest(db, logger, { '0001_first': first, '0002_half': failsHalfway })).rejects.toThrow('boom halfway');
    // The migration before it stays; nothing of the failed one remains, not even its half.
    expect(await tableNames()).toEqual(['first_table']);
    expect(await columnsOf('first_table')).toEqual(['id']);
    expect(await applied()).toEqual(['0001_first']);

    await migrateToLatest(db, logger, { '0001_first': first, '0002_half': fixed });
    expect(await tableNames()).toEqual(['first_table', 'half_table']);
    expect(await columnsOf('first_table')).toEqual(['id', 'extra']);
    expect(await applied()).toEqual(['0001_first', '0002_half']);
  });

  it('applies the real migrations from an empty database, and a second run changes nothing', async () => {
    await migrateToLatest(db, logger);
    const tables = await tableNames();
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'blog_posts', 'outbox']));
    const done = await applied();
    await migrateToLatest(db, logger);
    expect(await applied()).toEqual(done);
  });
});
