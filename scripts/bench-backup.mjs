// The backup benchmark of `npm run bench` (issue 21): a SQLite database with 10,000 posts (each with its
// English and French version) and 1,000 uploaded pictures (three variants of 15, 30 and 45 KB of
// incompressible bytes each, as AVIF, WebP and JPEG are: ≈ 90 MB), then `npm run cli -- backup` and
// `npm run cli -- restore` into an empty database, each timed as its own process of the compiled CLI
// (as an operator runs them). The restore is checked: the same number of posts and picture bytes.
// Targets: backup ≤ 30 s, restore ≤ 60 s.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

export const BACKUP_TARGETS = { backupMs: 30_000, restoreMs: 60_000 };
export const BACKUP_BENCH_SIZE = { posts: 10_000, pictures: 1_000, variantKB: [15, 30, 45] };

const run = promisify(execFile);

/** Runs the compiled CLI with a database; its time in ms and its stdout. */
async function cli(root, databaseUrl, args) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [join(root, 'dist', 'server', 'cli.js'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { ms: performance.now() - started, stdout };
}

/** 10,000 posts (copies of the demo posts, each with its translations) and 1,000 pictures, written straight into the file. */
function fill(file) {
  const db = new Database(file);
  const { posts, pictures, variantKB } = BACKUP_BENCH_SIZE;
  const templates = db.prepare('select * from blog_posts').all();
  const translations = db.prepare('select * from post_translations').all();
  if (templates.length === 0) throw new Error('the demo posts are missing (the seed command added none)');
  const insert = (table, row) =>
    db
      .prepare(
        `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      )
      .run(...Object.values(row));
  db.transaction(() => {
    for (let i = templates.length; i < posts; i++) {
      const template = templates[i % templates.length];
      const id = randomUUID();
      insert('blog_posts', { ...template, id, slug: `${template.slug}-${i}` });
      for (const translation of translations.filter((row) => row.post_id === template.id))
        insert('post_translations', { ...translation, post_id: id });
    }
    const now = new Date().toISOString();
    for (let i = 0; i < pictures; i++) {
      const mediaId = randomUUID();
      variantKB.forEach((kb, v) => {
        const bytes = randomBytes(kb * 1024);
        insert('media_files', {
          media_id: mediaId,
          variant: ['480.avif', '960.webp', '1600.jpg'][v],
          content_type: ['image/avif', 'image/webp', 'image/jpeg'][v],
          width: 480 * (v + 1),
          height: 320 * (v + 1),
          byte_size: bytes.length,
          bytes,
          created_at: now,
          uploaded_by: null,
        });
      });
    }
  })();
  db.close();
}

function totals(file) {
  const db = new Database(file, { readonly: true });
  const result = {
    posts: db.prepare('select count(*) as n from blog_posts').get().n,
    pictureBytes: db.prepare('select coalesce(sum(length(bytes)), 0) as n from media_files').get().n,
  };
  db.close();
  return result;
}

export async function backupBenchmark(root, { log }) {
  const dir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-backup-'));
  try {
    const source = join(dir, 'source.db');
    const sourceUrl = `sqlite:${source}`;
    log('  backup: filling a database with 10,000 posts and 1,000 pictures…');
    await cli(root, sourceUrl, ['seed']);
    fill(source);
    const before = totals(source);
    const backup = await cli(root, sourceUrl, ['backup', '--to', join(dir, 'backups')]);
    const file = /Backup written: (.+?) \(/.exec(backup.stdout)?.[1];
    if (!file) throw new Error(`backup printed no file: ${backup.stdout}`);
    const targetUrl = `sqlite:${join(dir, 'target.db')}`;
    const restore = await cli(root, targetUrl, ['restore', file]);
    const after = totals(join(dir, 'target.db'));
    if (after.posts !== before.posts || after.pictureBytes !== before.pictureBytes)
      throw new Error(`the restore differs: ${JSON.stringify(after)} instead of ${JSON.stringify(before)}`);
    return {
      backupMs: backup.ms,
      restoreMs: restore.ms,
      databaseBytes: statSync(source).size,
      archiveBytes: statSync(file).size,
      posts: before.posts,
      pictureBytes: before.pictureBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
