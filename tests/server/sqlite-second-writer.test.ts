/**
 * SQLite with a second writing process (the operator CLI beside the server, or a second server): the
 * app's write transactions start with BEGIN IMMEDIATE, so they wait for the other writer (busy timeout)
 * instead of failing with "database is locked" and answering 500.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';
import { onPostgres } from '../support/test-database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CALLS = 150;

/** Writes to the file in a loop: short write transactions (a few milliseconds) with short pauses between. */
const WRITER = `
const Database = require(require.resolve('better-sqlite3', { paths: [process.argv[3]] }));
const db = new Database(process.argv[2]);
db.exec('PRAGMA busy_timeout = 10000');
db.exec('create table if not exists second_writer (n integer not null)');
const insert = db.prepare('insert into second_writer (n) values (?)');
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
let commits = 0;
const stopAt = Date.now() + 60_000;
process.on('SIGTERM', () => { process.stdout.write('commits ' + commits + '\\n'); process.exit(0); });
const loop = () => {
  db.exec('begin immediate');
  insert.run(commits);
  const until = Date.now() + 3;
  while (Date.now() < until) {} // hold the lock a little, as a real writer would
  db.exec('commit');
  commits++;
  if (commits === 1) process.stdout.write('ready\\n');
  pause(10);
  if (Date.now() < stopAt) setImmediate(loop);
};
loop();
`;

let app: TestApp;
let writer: ChildProcess | undefined;
afterEach(async () => {
  writer?.kill('SIGKILL');
  await app?.close();
});

function startWriter(file: string): Promise<{ stop(): Promise<number> }> {
  const script = join(app.dir, 'second-writer.cjs');
  writeFileSync(script, WRITER);
  const child = spawn(process.execPath, [script, file, root], { stdio: ['ignore', 'pipe', 'inherit'] });
  writer = child;
  let output = '';
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) {
        resolve({
          stop: () =>
            new Promise((done) => {
              child.on('exit', () => done(Number(/commits (\d+)/.exec(output)?.[1] ?? 0)));
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

describe.skipIf(onPostgres)('SQLite beside a second writing process', () => {
  it('answers every write while another process writes to the same file', { timeout: 120_000 }, async () => {
    // Each call from its own address, so the per-IP limit does not answer in place of the database.
    app = await startTestApp({ TRUST_PROXY: 'true' });
    const second = await startWriter(app.config.databaseUrl.replace(/^sqlite:/, ''));

    const statuses = await Promise.all(
      Array.from({ length: CALLS }, async (_, i) => {
        const response = await trpcMutation(
          app.url,
          'newsletter.subscribe',
          { email: `leser${i}@example.org`, locale: 'de' },
          { headers: { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` } },
        );
        return response.status;
      }),
    );
    const commits = await second.stop();

    expect(commits).toBeGreaterThan(0); // the other process really wrote meanwhile
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBe(CALLS);
    expect(app.logs.filter((line) => line.level === 'error')).toEqual([]);
    const stored = await app.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(stored).toHaveLength(CALLS);
  });
});
