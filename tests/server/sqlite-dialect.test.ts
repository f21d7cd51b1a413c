/**
 * The app's SQLite dialect (src-server/db/sqlite-dialect.ts): prepared statements are reused by their
 * SQL text within a bounded cache, transactions take the write lock when they begin, and FOR UPDATE
 * (PostgreSQL's row lock) is left out.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppSqliteDialect } from '@server/db/sqlite-dialect';
import { makeTempDir } from '../support/temp-dir';
import { onPostgres } from '../support/test-database';

type Tables = { notes: { id: number; text: string } };

// better-sqlite3 objects the test makes itself stay referenced: freed by the garbage collector, they can
// abort Node 24 (see src-server/db/sqlite-dialect.ts).
const keptForTheProcess: unknown[] = [];
let temp: ReturnType<typeof makeTempDir>;
let file: string;
let sqlite: SQLite.Database;
let prepared: string[];

function open(statementCacheSize?: number): Kysely<Tables> {
  sqlite = new SQLite(file);
  sqlite.exec('PRAGMA journal_mode = WAL');
  prepared = [];
  const prepare = sqlite.prepare.bind(sqlite);
  // Count what reaches better-sqlite3's prepare().
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  keptForTheProcess.push(sqlite);
  return new Kysely<Tables>({ dialect: new AppSqliteDialect(sqlite, { statementCacheSize }) });
}

beforeEach(async () => {
  temp = makeTempDir();
  file = join(temp.dir, 'dialect.db');
  const setup = new SQLite(file);
  setup.exec('create table notes (id integer primary key, text text not null)');
  setup.close();
  keptForTheProcess.push(setup);
});
afterEach(() => temp.remove());

describe.skipIf(onPostgres)('AppSqliteDialect', () => {
  it('prepares a statement once and reuses it for every query with the same SQL', async () => {
    const db = open();
    for (let i = 0; i < 50; i++)
      await db
        .insertInto('notes')
        .values({ id: i, text: `note ${i}` })
        .execute();
    for (let i = 0; i < 50; i++) await db.selectFrom('notes').selectAll().where('id', '=', i).executeTakeFirstOrThrow();
    expect(prepared.filter((source) => source.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((source) => source.startsWith('select'))).toHaveLength(1);
    // Reuse gives the right answers, not the first query's.
    expect((await db.selectFrom('notes').select('text').where('id', '=', 42).executeTakeFirstOrThrow()).text).toBe('note 42');
    await db.destroy();
  });

  it('keeps at most the configured number of statements, dropping the least recently used', async () => {
    const db = open(2);
    const byLimit = (limit: number) => db.selectFrom('notes').selectAll().limit(sql.lit(limit)).execute();
    await byLimit(1);
    await byLimit(2);
    await byLimit(1); // the first is now the most recently used
    await byLimit(3); // evicts "limit 2"
    await byLimit(1);
    await byLimit(2); // prepared again
    expect(prepared.map((source) => /limit (\d+)/.exec(source)?.[1])).toEqual(['1', '2', '3', '2']);
    await db.destroy();
  });

  it('takes the write lock when a transaction begins, so another writer waits for it, not the other way round', async () => {
    const db = open();
    const other = new SQLite(file);
    other.exec('PRAGMA busy_timeout = 0');
    const insert = "insert into notes (id, text) values (1000, 'x')";
    await db.transaction().execute(async (trx) => {
      // The transaction has only read so far, yet another connection can no longer write.
      await trx.selectFrom('notes').selectAll().execute();
      expect(() => other.exec(insert)).toThrow(/database is locked/);
    });
    other.exec(insert);
    other.close();
    keptForTheProcess.push(other);
    await db.destroy();
  });

  it('leaves out FOR UPDATE, which SQLite has not (and needs not: the transaction holds the write lock)', async () => {
    const db = open();
    await db.insertInto('notes').values({ id: 1, text: 'locked' }).execute();
    const row = await db
      .transaction()
      .execute((trx) => trx.selectFrom('notes').selectAll().where('id', '=', 1).forUpdate().executeTakeFirst());
    expect(row).toEqual({ id: 1, text: 'locked' });
    expect(prepared.filter((source) => /for update/i.test(source))).toEqual([]);
    await db.destroy();
  });

  it('leaves out the other row locks too (FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE: db/row-lock.ts)', async () => {
    const db = open();
    await db.insertInto('notes').values({ id: 1, text: 'locked' }).execute();
    const rows = await db.transaction().execute(async (trx) => {
      const notes = trx.selectFrom('notes').selectAll().where('id', '=', 1);
      return Promise.all([notes.forNoKeyUpdate().execute(), notes.forShare().execute(), notes.forKeyShare().execute()]);
    });
    expect(rows).toEqual([[{ id: 1, text: 'locked' }], [{ id: 1, text: 'locked' }], [{ id: 1, text: 'locked' }]]);
    expect(prepared.filter((source) => /\bfor (no key update|share|key share)\b/i.test(source))).toEqual([]);
    await db.destroy();
  });

  it('closes the database (and its statements) on destroy', async () => {
    const db = open();
    await db.selectFrom('notes').selectAll().execute();
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
