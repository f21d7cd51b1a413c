import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '@server/audit/record';
import { ArchiveError, openArchive, readManifest, readTableRows } from '@server/backup/archive';
import { backupCommand, restoreCommand } from '@server/backup/commands';
import type { AppDeps } from '@server/trpc';
import { BACKUP_LAST_RUN_KEY, createBackupJob } from '@server/backup/job';
import { restoreBackup, RestoreError, rowCounts } from '@server/backup/restore';
import { archiveName, listArchives } from '@server/backup/rotation';
import { BACKUP_LAST_ERROR_KEY, BACKUP_LAST_SUCCESS_KEY, lastBackupFailure, recordBackupFailure } from '@server/backup/status';
import { type AnyTables, appTables, MIGRATION_TABLES, schemaVersion } from '@server/backup/tables';
import { BackupError, takeBackup } from '@server/backup/take';
import { parseConfig } from '@server/config';
import { putAppState } from '@server/db/app-state';
import { connectDatabase, databaseDialect, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { migrations } from '../../migrations/index';
import { insertUser } from '@server/auth/users';
import { seedDemoPosts } from '@server/blog/seed';
import { createLogger } from '@server/lib/logger';
import { systemClock } from '@server/lib/clock';
import { createDbMediaStorage } from '@server/media/db-storage';
import { startRuntime } from '@server/runtime';
import { createUser } from '../support/accounts';
import { callerFor, failureOf } from '../support/caller';
import { makeTempDir } from '../support/temp-dir';
import { onPostgres, testDatabase } from '../support/test-database';
import { startTestRuntime, type TestRuntime } from '../support/test-runtime';

const DAY_MS = 24 * 60 * 60_000;
const temp = makeTempDir('schoolbox-backup-');
afterAll(() => temp.remove());

const runtimes: TestRuntime[] = [];
async function runtime(env: Record<string, string> = {}): Promise<TestRuntime> {
  const started = await startTestRuntime(env);
  runtimes.push(started);
  return started;
}
afterAll(async () => {
  for (const started of runtimes) await started.close();
});

let dirCount = 0;
const freshDir = () => join(temp.dir, `dir-${++dirCount}`);

/** A picture upload with three variants of incompressible bytes (as AVIF, WebP and JPEG are). */
function pictureFiles(seed: number) {
  return ['480.avif', '960.webp', '1600.jpg'].map((variant, i) => ({
    variant,
    contentType: 'image/jpeg',
    width: 480 * (i + 1),
    height: 320 * (i + 1),
    bytes: Buffer.concat([Buffer.from([0, 255, seed % 256, 10, 13]), randomBytes(2000 + i * 3000)]),
  }));
}

/** Users, the demo posts, pictures and an audit entry: something in most of the tables that matter. */
async function fillSite(target: TestRuntime, pictures = 4): Promise<void> {
  const now = target.clock.now();
  for (let i = 0; i < 3; i++) {
    await insertUser(
      target.db,
      { email: `u${i}@example.org`, passwordHash: 'x', firstName: `Ü${i}`, lastName: 'Nütz', locale: 'de', verifiedAt: now },
      now,
    );
  }
  await seedDemoPosts(target.appDeps, now);
  const media = createDbMediaStorage(target.db);
  for (let i = 0; i < pictures; i++) await media.put(`m${i}`, pictureFiles(i), { uploadedBy: null, createdAt: now.toISOString() });
}

/** Every row of every table, in a comparable form (bytes as base64), sorted; audit entries of backups left out. */
async function snapshot(db: Kysely<AnyTables>, tables: string[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    result[table] = rows
      .filter((row) => !(table === 'audit_log' && String(row.action).startsWith('backup.')))
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((key) => [
              key,
              Buffer.isBuffer(row[key]) || row[key] instanceof Uint8Array
                ? Buffer.from(row[key] as Uint8Array).toString('base64')
                : row[key],
            ]),
        ),
      )
      .sort();
  }
  return result;
}

async function dbTables(target: { db: Db; config: { databaseUrl: string } }): Promise<string[]> {
  return appTables(target.db, databaseDialect(target.config.databaseUrl));
}

/**
 * The database's schema as the engine describes it: every table, column, index and constraint (SQLite:
 * their definitions; PostgreSQL: the catalog's description of the connection's schema).
 */
async function schemaOf(target: { db: Db; config: { databaseUrl: string } }): Promise<string[]> {
  if (databaseDialect(target.config.databaseUrl) === 'sqlite') {
    const { rows } = await sql<{
      type: string;
      name: string;
      sql: string | null;
    }>`select type, name, sql from sqlite_master order by name`.execute(target.db);
    return rows.map((row) => `${row.type} ${row.name}: ${row.sql}`);
  }
  const { rows: columns } = await sql<Record<string, string | null>>`
    select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() order by table_name, column_name`.execute(target.db);
  const { rows: indexes } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(target.db);
  const { rows: constraints } = await sql<{ conname: string; def: string }>`
    select conname, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = current_schema()::regnamespace order by conname`.execute(target.db);
  return [
    ...columns.map((column) => Object.values(column).join(' ')),
    ...indexes.map((index) => index.indexdef),
    ...constraints.map((constraint) => `${constraint.conname}: ${constraint.def}`),
  ];
}

/**
 * An archive's text changed and signed again (checksum, row counts and manifest as a backup would write
 * them): valid, with other content.
 */
function resigned(text: string, change: (lines: string[]) => string[]): Buffer {
  const lines = change(text.trimEnd().split('\n').slice(0, -1));
  const manifest = JSON.parse(text.trimEnd().split('\n').at(-1) as string).manifest;
  // A row added or taken out is counted as the backup counts it: the row lines after their table's line.
  let table: string | null = null;
  for (const name of Object.keys(manifest.counts)) manifest.counts[name] = 0;
  for (const line of lines) {
    if (line.startsWith('{"table":')) table = JSON.parse(line).table;
    else if (line.startsWith('[') && table) manifest.counts[table] += 1;
  }
  const body = lines.map((line) => `${line}\n`).join('');
  manifest.sha256 = createHash('sha256').update(body).digest('hex');
  return gzipSync(Buffer.from(`${body}${JSON.stringify({ manifest })}\n`));
}

describe('a backup', () => {
  let source: TestRuntime;
  let file: string;
  beforeAll(async () => {
    source = await runtime();
    await fillSite(source);
    file = (await takeBackup(source, { dir: freshDir(), now: source.clock.now(), actor: CLI_ACTOR })).file;
  });

  it('is one timestamped, gzip-compressed archive with a sha256 file beside it', () => {
    expect(file).toMatch(/schoolbox-backup-2026-03-02T10-00-00-000Z\.jsonl\.gz$/);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(readFileSync(`${file}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}schoolbox-backup-.*\.jsonl\.gz\n$/);
  });

  it("the operator's command prints the file's checksum as its .sha256 file has it, and a small size in KiB", async () => {
    const dir = freshDir();
    const lines: string[] = [];
    await backupCommand((line) => lines.push(line), Error).run(source as unknown as AppDeps, { values: { to: dir }, positionals: [] });
    const written = readdirSync(dir).find((name) => name.endsWith('.jsonl.gz')) as string;
    const checksum = readFileSync(join(dir, `${written}.sha256`), 'utf8').split(' ')[0];
    expect(lines.join('\n')).toContain(`SHA-256 ${checksum} (as in ${written}.sha256)`);
    expect(lines[0]).toMatch(/\(\d+ KiB, \d+ rows,/);
  });

  it('has a manifest with the schema and app version, the engine, the method and the row counts', async () => {
    const manifest = await readManifest(file);
    expect(manifest.schemaVersion).toBe(await schemaVersion(source.db));
    expect(manifest.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'sqlite');
    expect(manifest.method).toMatch(onPostgres ? /PostgreSQL/ : /SQLite VACUUM INTO/);
    expect(manifest.counts.media_files).toBe(12);
    expect(manifest.counts.users).toBe(3);
    expect(manifest.counts.blog_posts).toBeGreaterThan(0);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is audited as backup.taken', async () => {
    const entry = await source.db.selectFrom('audit_log').selectAll().where('action', '=', 'backup.taken').executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe('cli');
    expect(entry.object_id).toBe(file.slice(file.lastIndexOf('/') + 1));
  });

  it('restores into an empty database with every row and every picture identical', async () => {
    const target = await runtime();
    const result = await restoreBackup(target, file, { force: false, now: target.clock.now(), actor: CLI_ACTOR });
    expect(result.replaced).toBe(false);
    const tables = await dbTables(source);
    expect(await snapshot(target.db, tables)).toEqual(await snapshot(source.db, tables));
    const pictures = await source.db.selectFrom('media_files').selectAll().execute();
    for (const picture of pictures) {
      const restored = await target.db
        .selectFrom('media_files')
        .select('bytes')
        .where('media_id', '=', picture.media_id)
        .where('variant', '=', picture.variant)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(restored.bytes).equals(Buffer.from(picture.bytes))).toBe(true);
    }
    // The restore's own entry is in the restored database.
    const entry = await target.db.selectFrom('audit_log').selectAll().where('action', '=', 'backup.restored').executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe('cli');
  });

  it('refuses a non-empty database without --force, and replaces its content with --force', async () => {
    const target = await runtime();
    await insertUser(
      target.db,
      { email: 'other@example.org', passwordHash: 'x', firstName: 'O', lastName: 'T', locale: 'de', verifiedAt: null },
      target.clock.now(),
    );
    await expect(restoreBackup(target, file, { force: false, now: target.clock.now(), actor: CLI_ACTOR })).rejects.toThrow(
      /not empty \(rows in users\).*--force/,
    );
    expect(await target.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'other@example.org' }]);
    const result = await restoreBackup(target, file, { force: true, now: target.clock.now(), actor: CLI_ACTOR });
    expect(result.replaced).toBe(true);
    const tables = await dbTables(source);
    expect(await snapshot(target.db, tables)).toEqual(await snapshot(source.db, tables));
  });

  it('refuses a truncated archive and leaves the database as it was', async () => {
    const target = await runtime();
    const truncated = join(temp.dir, 'truncated.jsonl.gz');
    const bytes = readFileSync(file);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const restoring = restoreBackup(target, truncated, { force: false, now: target.clock.now(), actor: CLI_ACTOR });
    await expect(restoring).rejects.toThrow(ArchiveError);
    await expect(restoring).rejects.toThrow(/truncated|damaged/);
    expect(await rowCounts(target.db, ['users', 'media_files', 'blog_posts', 'audit_log'])).toEqual({
      users: 0,
      media_files: 0,
      blog_posts: 0,
      audit_log: 0,
    });
  });

  it("that the database refuses halfway (a full disk, a row it will not take): the operator's command says in one line what failed and that nothing was restored", async () => {
    const target = await runtime();
    await createUser(target);
    const refusedRow = join(temp.dir, 'refused-row.jsonl.gz');
    // A user without an e-mail address: the archive is sound, the database refuses the row (NOT NULL), as it would on a full disk.
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    writeFileSync(
      refusedRow,
      resigned(text, (lines) => lines.map((line) => line.replace('"u1@example.org"', 'null'))),
    );
    class Refused extends Error {}
    const run = restoreCommand(() => undefined, Refused).run(target as unknown as AppDeps, {
      values: { force: true as unknown as string },
      positionals: [refusedRow],
    });
    const error = (await run.catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Refused);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(
      /^Restore failed: could not write the rows of users into the database: .+; nothing was restored, the database is as it was$/,
    );
    await expect(restoreBackup(target, refusedRow, { force: true, now: target.clock.now(), actor: CLI_ACTOR })).rejects.toThrow(
      RestoreError,
    );
    // --force emptied nothing: the rollback kept the site's own rows.
    expect(await rowCounts(target.db, ['users', 'blog_posts', 'media_files'])).toEqual({ users: 1, blog_posts: 0, media_files: 0 });
  });

  it('refuses an archive whose content was altered (checksum) and one from a newer schema', async () => {
    const target = await runtime();
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const altered = join(temp.dir, 'altered.jsonl.gz');
    writeFileSync(altered, gzipSync(Buffer.from(text.replace('u1@example.org', 'u9@example.org'))));
    await expect(restoreBackup(target, altered, { force: false, now: target.clock.now(), actor: CLI_ACTOR })).rejects.toThrow(/checksum/);
    expect(await rowCounts(target.db, ['users'])).toEqual({ users: 0 });

    const newer = join(temp.dir, 'newer.jsonl.gz');
    const current = await schemaVersion(source.db);
    writeFileSync(newer, gzipSync(Buffer.from(text.replaceAll(`"schemaVersion":"${current}"`, '"schemaVersion":"9999_future"'))));
    await expect(restoreBackup(target, newer, { force: false, now: target.clock.now(), actor: CLI_ACTOR })).rejects.toThrow(
      /newer version of the app/,
    );
  });
});

describe('an archive from an older schema (taken before the app was upgraded)', () => {
  const OLDER = '0018_audit_log';
  let older: string;
  let latest: string;
  const files = pictureFiles(7);
  beforeAll(async () => {
    // A site at an older schema: its own database, migrated only up to OLDER, with a few rows and a picture.
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const database = await testDatabase(dir);
    const { db } = connectDatabase(database.url);
    try {
      const logger = createLogger('silent');
      await migrateToLatest(db, logger, Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= OLDER)));
      const now = new Date('2026-03-02T10:00:00Z');
      await insertUser(
        db,
        { email: 'alt@example.org', passwordHash: 'x', firstName: 'Ältere', lastName: 'Fassung', locale: 'de', verifiedAt: now },
        now,
      );
      await db
        .insertInto('contact_messages')
        .values({
          id: 'c-older',
          name: 'Grace Hopper',
          email: 'grace@example.org',
          organization: null,
          inquiry_type: 'general',
          subject: 'Frage',
          message: 'Hallo',
          locale: 'de',
          created_at: now.toISOString(),
        })
        .execute();
      await createDbMediaStorage(db).put('m-older', files, { uploadedBy: null, createdAt: now.toISOString() });
      const config = parseConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
      ({ file: older } = await takeBackup({ db, config }, { dir: freshDir(), now, actor: CLI_ACTOR }));
    } finally {
      await db.destroy();
      await database.drop();
    }
    latest = Object.keys(migrations).sort().at(-1) as string;
  });

  it('is restored into an empty database at its own schema, then migrated like an upgraded site', async () => {
    expect(OLDER < latest).toBe(true);
    const target = await runtime();
    const result = await restoreBackup(target, older, { force: false, now: target.clock.now(), actor: CLI_ACTOR });
    expect(result.manifest.schemaVersion).toBe(OLDER);
    expect(result.migrated).toEqual(
      Object.keys(migrations)
        .filter((name) => name > OLDER)
        .sort(),
    );
    expect(await schemaVersion(target.db)).toBe(latest);
    expect((await target.db.selectFrom('users').select('email').execute()).map((row) => row.email)).toEqual(['alt@example.org']);
    // A column the newer schema added is there, empty, on the restored row.
    expect(await target.db.selectFrom('contact_messages').select(['id', 'answered_at']).execute()).toEqual([
      { id: 'c-older', answered_at: null },
    ]);
    const picture = await createDbMediaStorage(target.db).get('m-older', '960.webp');
    expect(picture && Buffer.from(picture.bytes)).toEqual(files[1]?.bytes);
    expect(
      await target.db.selectFrom('audit_log').select(['action', 'object_id']).where('action', '=', 'backup.restored').execute(),
    ).toEqual([{ action: 'backup.restored', object_id: older.split('/').at(-1) }]);
    // The newer tables work: the app runs on it.
    expect(await rowCounts(target.db, ['two_factor_secrets'])).toEqual({ two_factor_secrets: 0 });
  });

  it('is refused by a database with content, even with --force, which keeps its rows', async () => {
    const target = await runtime();
    await createUser(target);
    const restoring = restoreBackup(target, older, { force: true, now: target.clock.now(), actor: CLI_ACTOR });
    await expect(restoring).rejects.toThrow(ArchiveError);
    await expect(restoring).rejects.toThrow(/older schema.*only into an empty database/);
    expect(await rowCounts(target.db, ['users'])).toEqual({ users: 1 });
    expect(await schemaVersion(target.db)).toBe(latest);
  });

  it('truncated: refused, and the database is left empty at the current schema', async () => {
    const target = await runtime();
    const truncated = join(temp.dir, 'older-truncated.jsonl.gz');
    const bytes = readFileSync(older);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(restoreBackup(target, truncated, { force: false, now: target.clock.now(), actor: CLI_ACTOR })).rejects.toThrow(
      /truncated|damaged/,
    );
    expect(await schemaVersion(target.db)).toBe(latest);
    expect(await rowCounts(target.db, ['users', 'media_files', 'contact_messages', 'two_factor_secrets'])).toEqual({
      users: 0,
      media_files: 0,
      contact_messages: 0,
      two_factor_secrets: 0,
    });
  });

  // Setting the schema back (dropping every table), the rows and the migrations up are one transaction:
  // a restore refused after its tables were dropped and its first tables' rows written leaves the
  // database exactly as it was: its schema, its own bookkeeping (app_state) and the migrations' record
  // with the times they ran, not a database emptied and migrated anew.
  const breaks: Array<{ name: string; change: (lines: string[]) => string[]; step: string }> = [
    {
      // The contact messages come after the users, which are written by then: a NOT NULL column left empty.
      name: 'a row the database will not take, after other tables were written',
      change: (lines) => lines.map((line) => line.replace('"grace@example.org"', 'null')),
      step: 'write the rows of contact_messages into the database',
    },
    {
      // A role of a user the archive does not hold: SQLite checks foreign keys at the commit, after the
      // newer migrations ran on the rows; PostgreSQL at the row.
      name: 'a row pointing at a user the archive does not hold',
      change: (lines) =>
        lines.flatMap((line) => {
          if (!line.startsWith('{"table":"user_roles"')) return [line];
          const columns: string[] = JSON.parse(line).columns;
          return [line, JSON.stringify(columns.map((column) => (column === 'user_id' ? 'u-not-in-the-archive' : 'x')))];
        }),
      step: onPostgres ? 'write the rows of user_roles into the database' : 'commit the restored rows',
    },
  ];
  it.each(breaks)(
    'refused partway ($name): the database is exactly as it was, schema, bookkeeping and migration record',
    async ({ name, change, step }) => {
      const target = await runtime();
      await putAppState(target.db, 'restore-test', 'kept');
      const broken = join(temp.dir, `older-broken-${breaks.findIndex((each) => each.name === name)}.jsonl.gz`);
      writeFileSync(broken, resigned(gunzipSync(readFileSync(older)).toString('utf8'), change));
      const everything = [...(await dbTables(target)), ...MIGRATION_TABLES];
      const before = { schema: await schemaOf(target), rows: await snapshot(target.db, everything) };
      expect(before.rows.app_state).toContainEqual(expect.stringContaining('restore-test'));

      const restoring = restoreBackup(target, broken, { force: false, now: target.clock.now(), actor: CLI_ACTOR });
      await expect(restoring).rejects.toThrow(RestoreError);
      await expect(restoring).rejects.toThrow(
        new RegExp(`^Restore failed: could not ${step}: .+; nothing was restored, the database is as it was$`),
      );
      expect(await dbTables(target)).toEqual(everything.slice(0, -MIGRATION_TABLES.length));
      expect({ schema: await schemaOf(target), rows: await snapshot(target.db, everything) }).toEqual(before);
      expect(await schemaVersion(target.db)).toBe(latest);
    },
  );
});

describe('a backup while writes run', () => {
  it('is one consistent moment: every picture with all its variants, counts as the manifest says', async () => {
    const source = await runtime();
    await fillSite(source, 2);
    const media = createDbMediaStorage(source.db);
    let stop = false;
    let written = 0;
    // Each upload writes its three variants in one transaction: a consistent copy holds all three or none.
    const writer = (async () => {
      while (!stop) {
        await media.put(`w${written}`, pictureFiles(written), { uploadedBy: null, createdAt: source.clock.now().toISOString() });
        written++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const backups = [];
    for (let i = 0; i < 3; i++) {
      backups.push(await takeBackup(source, { dir: freshDir(), now: new Date(source.clock.now().getTime() + i), actor: CLI_ACTOR }));
    }
    stop = true;
    await writer;
    expect(written).toBeGreaterThan(0);
    for (const backup of backups) {
      const rows = await readTableRows(backup.file, 'media_files');
      const variants = new Map<string, number>();
      for (const row of rows) variants.set(String(row.media_id), (variants.get(String(row.media_id)) ?? 0) + 1);
      expect([...variants.values()].every((count) => count === 3)).toBe(true);
      expect(rows.length).toBe(backup.manifest.counts.media_files);
    }
    // Restored, the last one matches its own manifest table by table.
    const target = await runtime();
    const last = backups[backups.length - 1]!;
    await restoreBackup(target, last.file, { force: false, now: target.clock.now(), actor: CLI_ACTOR });
    const counts = await rowCounts(target.db, Object.keys(last.manifest.counts));
    expect({ ...counts, audit_log: counts.audit_log! - 1 }).toEqual(last.manifest.counts);
  });
});

describe.runIf(onPostgres)('a SQLite backup', () => {
  it('restores into PostgreSQL (moving a site), every row and picture identical', async () => {
    const logger = createLogger('silent');
    const sqliteDir = freshDir();
    mkdirSync(sqliteDir, { recursive: true });
    const sqliteConfig = parseConfig({ DATABASE_URL: `sqlite:${join(sqliteDir, 'site.db')}`, LOG_LEVEL: 'silent' });
    const sqliteRuntime = await startRuntime(sqliteConfig, logger, systemClock, { startWorker: false });
    try {
      const now = new Date('2026-03-02T10:00:00Z');
      await insertUser(
        sqliteRuntime.deps.db,
        { email: 'a@example.org', passwordHash: 'x', firstName: 'Ä', lastName: 'B', locale: 'de', verifiedAt: now },
        now,
      );
      await seedDemoPosts(sqliteRuntime.deps, now);
      await createDbMediaStorage(sqliteRuntime.deps.db).put('m1', pictureFiles(1), { uploadedBy: null, createdAt: now.toISOString() });
      const { file, manifest } = await takeBackup(sqliteRuntime.deps, { dir: freshDir(), now, actor: CLI_ACTOR });
      expect(manifest.engine).toBe('sqlite');
      const target = await runtime();
      await restoreBackup(target, file, { force: false, now, actor: CLI_ACTOR });
      const tables = await dbTables(sqliteRuntime.deps);
      expect(await snapshot(target.db, tables)).toEqual(await snapshot(sqliteRuntime.deps.db, tables));
    } finally {
      await sqliteRuntime.close();
    }
  });
});

describe('the daily backup', () => {
  let source: TestRuntime;
  beforeAll(async () => {
    source = await runtime({ BACKUP_KEEP: '3' });
    await fillSite(source, 1);
  });
  afterEach(async () => {
    await source.db
      .deleteFrom('app_state')
      .where('key', 'in', [BACKUP_LAST_RUN_KEY, BACKUP_LAST_ERROR_KEY, BACKUP_LAST_SUCCESS_KEY])
      .execute();
  });

  it('runs once a day and keeps the newest BACKUP_KEEP archives', async () => {
    const dir = freshDir();
    const job = createBackupJob({ db: source.db, config: source.config, logger: source.logger, clock: source.clock, dir });
    const names: string[] = [];
    for (let day = 0; day < 5; day++) {
      const result = await job.runIfDue();
      expect(result).not.toBeNull();
      names.push(result!.file.slice(dir.length + 1));
      // Not twice the same day.
      expect(await job.runIfDue()).toBeNull();
      source.clock.advance(DAY_MS);
    }
    expect(listArchives(dir)).toEqual(names.slice(2));
    expect(readdirSync(dir).filter((name) => name.endsWith('.sha256'))).toHaveLength(3);
    const success = await source.db.selectFrom('app_state').select('value').where('key', '=', BACKUP_LAST_SUCCESS_KEY).executeTakeFirst();
    expect(success?.value).toBe(new Date(source.clock.now().getTime() - DAY_MS).toISOString());
    expect(source.logs.some((line) => line.msg === 'backup taken' && line.level === 'info' && typeof line.bytes === 'number')).toBe(true);
    const audit = await source.db.selectFrom('audit_log').select('actor_email').where('action', '=', 'backup.taken').execute();
    expect(audit.every((entry) => entry.actor_email === 'system')).toBe(true);
  });

  it('records a failure (app_state, an error in the log), retries, and clears it on the next success', async () => {
    // A file where the folder should be: the archive cannot be written.
    const blocked = freshDir();
    writeFileSync(blocked, 'not a folder');
    const failing = createBackupJob({
      db: source.db,
      config: source.config,
      logger: source.logger,
      clock: source.clock,
      dir: join(blocked, 'backups'),
    });
    await expect(failing.runIfDue()).rejects.toThrow();
    const failure = await lastBackupFailure(source.db);
    expect(failure?.at).toBe(source.clock.now().toISOString());
    expect(failure?.message).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    // As the server runs it: logged, and a failed run for /metrics (schoolbox_worker_last_run_ok 0).
    expect(await failing.runOnce()).toBe(0);
    expect(failing.lastRun()?.ok).toBe(false);
    expect(source.logs.some((line) => line.msg === 'backup run failed' && line.level === 'error')).toBe(true);
    // The claim was given back: a working folder an hour later succeeds the same day.
    source.clock.advance(60 * 60_000);
    const dir = freshDir();
    const working = createBackupJob({ db: source.db, config: source.config, logger: source.logger, clock: source.clock, dir });
    const result = await working.runIfDue();
    expect(result && statSync(result.file).size).toBeGreaterThan(0);
    expect(await lastBackupFailure(source.db)).toBeNull();
  });

  it("is told to admins (the banner's query) while the last one failed, and to nobody else", async () => {
    const admin = await callerFor(source, (await createUser(source, { admin: true })).user);
    const member = await callerFor(source, (await createUser(source)).user);
    expect(await admin.site.backupStatus()).toEqual({ failure: null });
    await recordBackupFailure(source.db, source.clock.now(), 'ENOSPC: no space left on device');
    expect(await admin.site.backupStatus()).toEqual({
      failure: { at: source.clock.now().toISOString(), message: 'ENOSPC: no space left on device' },
    });
    expect((await failureOf(member.site.backupStatus())).code).toBe('FORBIDDEN');
  });
});

describe('a backup that cannot be written', () => {
  let source: TestRuntime;
  beforeAll(async () => {
    source = await runtime();
    await fillSite(source, 1);
  });

  class Refused extends Error {}
  const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('schoolbox-backup-'));

  /** A folder the backup cannot write into: read-only for an ordinary user; as root, who writes anywhere, /proc. */
  function unwritableDir(): { dir: string; restore(): void } {
    if (process.getuid?.() === 0) return { dir: '/proc', restore: () => undefined };
    const dir = freshDir();
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    return { dir, restore: () => chmodSync(dir, 0o755) };
  }

  it("the operator's command says in one line what failed, where and why (no stack), and leaves nothing behind", async () => {
    const { dir, restore } = unwritableDir();
    try {
      const run = backupCommand(() => undefined, Refused).run(source as unknown as AppDeps, { values: { to: dir }, positionals: [] });
      const error = (await run.catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(Refused);
      expect(error.message).not.toContain('\n');
      expect(error.message).toMatch(/^Backup failed: could not /);
      expect(error.message).toContain(`${dir}/schoolbox-backup-`);
      if (!onPostgres) expect(error.message).toMatch(/could not copy the database to \/.*\.jsonl\.gz\.copy\.db: .*\(SQLITE_CANTOPEN\)$/);
      expect(leftovers(dir)).toEqual([]);
    } finally {
      restore();
    }
  });

  it("the operator's command names a folder that cannot be made (a file in its path), in one line", async () => {
    const file = freshDir();
    writeFileSync(file, 'not a folder');
    const dir = join(file, 'backups');
    const run = backupCommand(() => undefined, Refused).run(source as unknown as AppDeps, { values: { to: dir }, positionals: [] });
    const error = (await run.catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Refused);
    expect(error.message).toMatch(new RegExp(`^Backup failed: could not create the folder ${dir}: ENOTDIR: not a directory`));
    expect(error.message).not.toContain('\n');
  });

  it.skipIf(onPostgres)('a copy that fails halfway (a damaged page of the database file) leaves no copy behind', async () => {
    const damaged = join(temp.dir, 'damaged.db');
    const sqlite = new SQLite(damaged);
    sqlite.exec('create table filler (bytes blob)');
    const insert = sqlite.prepare('insert into filler values (?)');
    for (let i = 0; i < 200; i++) insert.run(Buffer.alloc(4000, i));
    sqlite.close();
    const bytes = readFileSync(damaged);
    for (let page = 100; page < bytes.length / 4096; page++) bytes.fill(0xff, page * 4096, page * 4096 + 100);
    writeFileSync(damaged, bytes);

    const dir = freshDir();
    const config = { ...source.config, databaseUrl: `sqlite:${damaged}` };
    const taking = takeBackup({ db: source.db, config }, { dir, now: source.clock.now(), actor: CLI_ACTOR });
    await expect(taking).rejects.toThrow(BackupError);
    await expect(taking).rejects.toThrow(/^Backup failed: could not copy the database to .*\.copy\.db: .*\(SQLITE_CORRUPT\)$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(existsSync('/dev/full'))(
    'the daily backup on a full disk records one clear line and leaves no partial archive or copy',
    async () => {
      const dir = freshDir();
      mkdirSync(dir);
      // The archive under its temporary name goes to /dev/full, where every write fails with ENOSPC.
      symlinkSync('/dev/full', join(dir, `${archiveName(source.clock.now())}.partial`));
      const job = createBackupJob({ db: source.db, config: source.config, logger: source.logger, clock: source.clock, dir });
      await expect(job.runIfDue()).rejects.toThrow(BackupError);
      expect((await lastBackupFailure(source.db))?.message).toMatch(
        /^Backup failed: could not write the archive \/.*\.jsonl\.gz\.partial: ENOSPC/,
      );
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});

describe('an archive', () => {
  it('that is not a backup is refused', async () => {
    const other = join(temp.dir, 'other.gz');
    writeFileSync(other, gzipSync(Buffer.from('{"hello":1}\n')));
    await expect(openArchive(other)).rejects.toThrow(/not a SchoolBox backup archive/);
  });

  it('that is no gzip file is not called damaged: the checksum file beside an archive names the archive, another file says what it is not', async () => {
    const archive = join(temp.dir, 'schoolbox-backup-2026-03-02T03-00-00-000Z.jsonl.gz');
    writeFileSync(`${archive}.sha256`, `${'0'.repeat(64)}  schoolbox-backup-2026-03-02T03-00-00-000Z.jsonl.gz\n`);
    await expect(openArchive(`${archive}.sha256`)).rejects.toThrow(
      new ArchiveError(`${archive}.sha256 is the checksum file beside an archive, not the archive: restore ${archive}`),
    );
    const database = join(temp.dir, 'app.db');
    writeFileSync(database, 'SQLite format 3\u0000');
    await expect(openArchive(database)).rejects.toThrow(
      new ArchiveError(
        `${database} is not a gzip file: not a SchoolBox backup archive (schoolbox-backup-<time>.jsonl.gz); nothing was restored`,
      ),
    );
    const empty = join(temp.dir, 'empty.jsonl.gz');
    writeFileSync(empty, '');
    await expect(openArchive(empty)).rejects.toThrow(/^.*empty\.jsonl\.gz is empty: not a SchoolBox backup archive/);
  });

  it('that is missing, or a folder, is refused with its path, not a crash', async () => {
    const missing = join(temp.dir, 'no-such-backup.jsonl.gz');
    await expect(openArchive(missing)).rejects.toThrow(
      new ArchiveError(`Cannot read ${missing}: ENOENT: no such file or directory, open '${missing}'`),
    );
    await expect(openArchive(temp.dir)).rejects.toThrow(/^Cannot read .*EISDIR/);
  });
});
