/**
 * The consistent copy of a PostgreSQL database: one REPEATABLE READ, read-only transaction (one
 * snapshot) from which every table's rows are read in pages. When pg_dump is on the PATH, it runs at the
 * same time on the same snapshot (pg_export_snapshot), and its custom-format dump goes into the archive
 * too, for a PostgreSQL-to-PostgreSQL restore with pg_restore; the portable rows are always there, so an
 * archive restores into SQLite as well (ADR 040).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { splitDatabasePassword } from '../db/database-url';
import type { ArchiveWriter } from './archive';
import { appTables, postgresColumns, schemaVersion } from './tables';

const PAGE_ROWS = 500;

/** pg_dump's path when it is on the PATH, else null. */
export function findPgDump(path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'pg_dump');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

export function postgresMethod(pgDump: boolean): string {
  return pgDump
    ? 'PostgreSQL: pg_dump (custom format, included) and portable rows, one REPEATABLE READ snapshot'
    : 'PostgreSQL: logical export through Kysely in one REPEATABLE READ transaction (pg_dump not on the PATH)';
}

/**
 * pg_dump's connection: the address without its password, which goes in PGPASSWORD instead. A command
 * line is readable by every local user (`ps`, /proc/<pid>/cmdline); a process's environment is not.
 */
export function pgDumpConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const { address, password } = splitDatabasePassword(databaseUrl);
  return { dbname: address, env: password === null ? process.env : { ...process.env, PGPASSWORD: password } };
}

function runPgDump(pgDump: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgDump, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited with ${code}: ${stderr.trim()}`))));
  });
}

export async function exportPostgres(
  db: Db,
  databaseUrl: string,
  options: { pgDump: string | null; dumpPath: string },
  write: (schema: string) => Promise<ArchiveWriter>,
): Promise<void> {
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // pg_dump reads the same snapshot, which lives as long as this transaction.
      let dumped: Promise<void> | null = null;
      if (options.pgDump) {
        const { rows } = await sql<{
          snapshot: string;
          schema: string;
        }>`select pg_export_snapshot() as snapshot, current_schema() as schema`.execute(trx);
        const { snapshot, schema } = rows[0] as { snapshot: string; schema: string };
        const connection = pgDumpConnection(databaseUrl);
        dumped = runPgDump(
          options.pgDump,
          [
            '--format=custom',
            `--snapshot=${snapshot}`,
            `--schema=${schema}`,
            '--no-owner',
            '--no-privileges',
            `--file=${options.dumpPath}`,
            `--dbname=${connection.dbname}`,
          ],
          connection.env,
        );
        // Awaited below; a failure must not become an unhandled rejection meanwhile.
        dumped.catch(() => undefined);
      }
      try {
        await exportRows(trx, write, dumped, options.dumpPath);
      } catch (error) {
        // pg_dump may still be writing its file: it ends first (it needs this transaction's snapshot), so
        // the caller's clean-up finds the file and removes it instead of pg_dump writing it afterwards.
        await dumped?.catch(() => undefined);
        throw error;
      }
    });
}

/** The tables' rows into the archive, then pg_dump's dump when there is one. */
async function exportRows(
  trx: Db,
  write: (schema: string) => Promise<ArchiveWriter>,
  dumped: Promise<void> | null,
  dumpPath: string,
): Promise<void> {
  const archive = await write(await schemaVersion(trx));
  for (const table of await appTables(trx, 'postgres')) {
    const columns = await postgresColumns(trx, table);
    await archive.table(table, columns);
    // Pages by the rows' physical address: stable within the snapshot, and no primary key needed.
    let after = '(0,0)';
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`
            select ctid::text as "__ctid", * from ${sql.table(table)} where ctid > ${after}::tid order by ctid limit ${PAGE_ROWS}`.execute(
        trx,
      );
      for (const row of rows) await archive.row(columns.map((column) => row[column]));
      if (rows.length < PAGE_ROWS) break;
      after = String(rows[rows.length - 1]?.__ctid);
    }
  }
  if (dumped) {
    await dumped;
    try {
      await archive.pgDumpChunk(readFileSync(dumpPath));
    } finally {
      rmSync(dumpPath, { force: true });
    }
  }
}
