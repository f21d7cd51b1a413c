// How the site's queries behave on five years of data (a non-profit's: 50,000 newsletter subscribers,
// 200,000 outbox rows, 20,000 orders, 30,000 donations, 100,000 audit entries; explain-volume-seed.mjs),
// on SQLite and PostgreSQL: each query of a page, admin list, export or worker (explain-volume-queries.mjs)
// is timed (median of 5 runs after one warm-up) and its plan shown (EXPLAIN QUERY PLAN on SQLite,
// EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL), first with the migrations before VOLUME_MIGRATION (the
// indexes that were missing), then again with it. Prints one Markdown table per engine.
//
//   node scripts/explain-volume.mjs                      # both engines
//   node scripts/explain-volume.mjs sqlite               # or: postgres
//   EXPLAIN_POSTGRES_URL=postgres://… node scripts/explain-volume.mjs postgres
//   EXPLAIN_ONLY=hot node scripts/explain-volume.mjs     # only the per-request and per-tick queries
//   EXPLAIN_VACUUM=no node scripts/explain-volume.mjs    # PostgreSQL without VACUUM (fresh visibility map)
//
// SQLite works in a file under the system's temporary folder, PostgreSQL in a schema of its own
// (explain_volume_<pid>) of EXPLAIN_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); both
// are removed at the end. Seeding takes about a minute per engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { volumeQueries } from './explain-volume-queries.mjs';
import { seedVolume } from './explain-volume-seed.mjs';

/** The migration whose effect is measured: everything before it is "before". */
const VOLUME_MIGRATION = '0024_volume_indexes';
const RUNS = 5;

// Registered for the whole process (not tsImport per file): the modules must share one Kysely, whose
// classes migrate.ts tells the engine by.
register();
const { connectDatabase } = await import('../src-server/db/connect.ts');
const { migrateToLatest } = await import('../src-server/db/migrate.ts');
const { migrations } = await import('../migrations/index.ts');
const { createLogger } = await import('../src-server/lib/logger.ts');
const logger = createLogger('silent');

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < VOLUME_MIGRATION));

/** A new empty database of the engine: its URL and how to remove it. */
async function emptyDatabase(engine) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'explain-volume-'));
    return { url: `sqlite:${join(dir, 'volume.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.EXPLAIN_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `explain_volume_${process.pid}`;
  const onServer = async (statement) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE SCHEMA ${schema}`);
  const separator = base.includes('?') ? '&' : '?';
  return {
    url: `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => onServer(`DROP SCHEMA ${schema} CASCADE`),
  };
}

/** The plan in one line: SQLite's steps, or PostgreSQL's nodes (with the rows they produced and the buffers read). */
async function plan(db, engine, text) {
  if (engine === 'sqlite') {
    const { rows } = await sql.raw(`explain query plan ${text}`).execute(db);
    return rows.map((row) => row.detail).join('; ');
  }
  const { rows } = await sql.raw(`explain (analyze, buffers) ${text}`).execute(db);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const nodes = lines
    .filter(
      (line) =>
        /^\s*(->)?\s*[A-Z][A-Za-z -]+(\(|on |using )/.test(line) && !/^\s*(Planning|Execution|Buffers|Sort Key|Sort Method)/.test(line),
    )
    .map((line) => {
      const node = line.replace(/^\s*(->\s*)?/, '').replace(/\s+\(cost=.*?\)/, '');
      const actual = node.match(/\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)/);
      const name = node.replace(/\s*\(actual.*$/, '').replace(/\s*\(never executed\)/, ' (never executed)');
      return actual ? `${name} [${actual[1]}${actual[2] !== '1' ? `×${actual[2]}` : ''}]` : name;
    });
  const buffers =
    lines
      .find((line) => line.trim().startsWith('Buffers:'))
      ?.trim()
      .replace('Buffers: ', '') ?? '';
  const sortMethod = lines.find((line) => line.includes('Sort Method'))?.trim() ?? '';
  return [nodes.join(' › '), sortMethod, buffers && `buffers ${buffers}`].filter(Boolean).join('; ');
}

async function timeMs(db, text) {
  await sql.raw(text).execute(db);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await sql.raw(text).execute(db);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

/**
 * Statistics for the planner; on PostgreSQL also the visibility map that autovacuum keeps on a quiet table
 * (index-only scans). EXPLAIN_VACUUM=no leaves it out: the outbox's pending rows change all the time, and
 * their pages are seldom all-visible.
 */
async function analyze(db, engine) {
  await sql.raw(engine === 'sqlite' || process.env.EXPLAIN_VACUUM === 'no' ? 'analyze' : 'vacuum analyze').execute(db);
}

async function measureAll(db, engine, queries) {
  const results = new Map();
  for (const query of queries) {
    results.set(query.name, { plan: await plan(db, engine, query.sql), ms: await timeMs(db, query.sql) });
  }
  return results;
}

const cell = (text) => String(text).replaceAll('|', '\\|');

async function runEngine(engine, now) {
  const database = await emptyDatabase(engine);
  const { db } = connectDatabase(database.url, { limits: false });
  try {
    await migrateToLatest(db, logger, before);
    const started = performance.now();
    const seeded = await (engine === 'sqlite' ? db.transaction().execute((trx) => seedVolume(trx, now)) : seedVolume(db, now));
    console.error(`${engine}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`, seeded);
    await analyze(db, engine);
    const queries = volumeQueries(now, seeded).filter((query) => process.env.EXPLAIN_ONLY !== 'hot' || query.hot);
    const beforeResults = await measureAll(db, engine, queries);
    const migrating = performance.now();
    await migrateToLatest(db, logger, migrations);
    console.error(`${engine}: migrations from ${VOLUME_MIGRATION} on took ${(performance.now() - migrating).toFixed(0)} ms`);
    await analyze(db, engine);
    const afterResults = await measureAll(db, engine, queries);
    console.log(`\n## ${engine}\n`);
    console.log('| query | where | hot | before: plan | before ms | after: plan | after ms |');
    console.log('|---|---|---|---|---|---|---|');
    for (const query of queries) {
      const b = beforeResults.get(query.name);
      const a = afterResults.get(query.name);
      console.log(
        `| ${cell(query.name)} | ${cell(query.where)} | ${query.hot ? 'yes' : ''} | ${cell(b.plan)} | ${b.ms.toFixed(2)} | ${a.plan === b.plan ? 'same' : cell(a.plan)} | ${a.ms.toFixed(2)} |`,
      );
    }
  } finally {
    await db.destroy();
    await database.drop();
  }
}

const engines = process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres'];
const now = new Date();
for (const engine of engines) await runEngine(engine, now);
