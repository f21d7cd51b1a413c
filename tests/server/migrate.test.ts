/**
 * Migrations run one per transaction (on SQLite too): a migration that fails halfway leaves the schema
 * as it was before it, so the next start can simply try again.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { createLogger } from '@server/lib/logger';
import { migrations } from '../../migrations/index';
import { makeTempDir } from '../support/temp-dir';
import { onPostgres, ownTables, testDatabase } from '../support/test-database';

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
  return (await ownTables(db))
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}
const columnsOf = async (table: string) => (await ownTables(db)).find((t) => t.name === table)?.columns.map((c) => c.name);
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

  it('refuses, in words for the operator, a database that a newer version migrated (an upgrade rolled back), and changes nothing', async () => {
    await migrateToLatest(db, logger, { '0001_first': first, '0002_half': fixed });
    const starting = migrateToLatest(db, logger, { '0001_first': first });
    await expect(starting).rejects.toThrow(
      'a newer version of the app has migrated this database (its schema is 0002_half; this version knows migrations up to 0001_first, not 0002_half). Run the newer version again, or restore a backup taken before the upgrade into a new, empty database',
    );
    expect(await applied()).toEqual(['0001_first', '0002_half']);
    expect(await tableNames()).toEqual(['first_table', 'half_table']);
  });

  it('0008 gives every mail already queued the priority of its kind (account mail first, bulk last)', async () => {
    await migrateToLatest(db, logger, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0008')));
    const kinds = [
      'verify_email',
      'reset_password',
      'order_confirmation',
      'newsletter_confirm',
      'newsletter_test',
      'contact_receipt',
      'newsletter',
    ];
    for (const kind of kinds) {
      await db
        .insertInto('outbox')
        .values({
          id: kind,
          kind,
          to: 'someone@example.org',
          subject: 's',
          text: 't',
          html: 'h',
          status: 'pending',
          attempts: 0,
          next_attempt_at: '2026-03-02T10:00:00.000Z',
          last_error: null,
          created_at: '2026-03-02T10:00:00.000Z',
          sent_at: null,
        })
        .execute();
    }
    await migrateToLatest(db, logger);
    const rows = await db.selectFrom('outbox').select(['kind', 'priority']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.priority]))).toEqual({
      verify_email: 0,
      reset_password: 0,
      order_confirmation: 0,
      newsletter_confirm: 1,
      newsletter_test: 1,
      contact_receipt: 2,
      newsletter: 2,
    });
  });
});

describe('migrations on PostgreSQL beside other schemas', () => {
  it.runIf(onPostgres)("keep their bookkeeping in the connection's own schema, whatever other schemas of the database hold", async () => {
    // Another site (or a test) in the same database, with Kysely's tables in a schema of its own.
    const other = `other_${randomUUID().replace(/-/g, '')}`;
    await sql`create schema ${sql.id(other)}`.execute(db);
    try {
      await sql`create table ${sql.id(other, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
        db,
      );
      await sql`create table ${sql.id(other, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
        db,
      );
      await migrateToLatest(db, logger);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db);
      expect(rows[0]?.n).toBe(Object.keys(migrations).length);
    } finally {
      await sql`drop schema ${sql.id(other)} cascade`.execute(db);
    }
  });
});
