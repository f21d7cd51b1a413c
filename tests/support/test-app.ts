import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '@server/app';
import { parseConfig, type Config } from '@server/config';
import type { Db } from '@server/db/connect';
import { createBuiltClient } from '@server/http/built-client';
import { listen } from '@server/http/listen';
import type { Clock } from '@server/lib/clock';
import { createLogger, type Logger } from '@server/lib/logger';
import type { MailTransport, OutgoingMail } from '@server/mail/transport';
import type { OutboxWorker } from '@server/mail/worker';
import { startRuntime } from '@server/runtime';
import { writeFakeClientBuild } from './fake-client-build';
import { makeTempDir } from './temp-dir';

export type TestApp = {
  url: string;
  origin: string;
  config: Config;
  db: Db;
  logs: Array<Record<string, unknown>>;
  outbox: OutboxWorker;
  /** Mails the transport handed over (unless the test brought its own transport). */
  sentMails: OutgoingMail[];
  clock: Clock & { set(date: Date): void; advance(ms: number): void };
  /** fetch against the running server; POSTs carry the site's Origin unless the test sets another. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The real app on a real port, with a freshly migrated SQLite file in a temporary folder, a movable
 * clock and captured log lines. Each call is independent; close() removes everything.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { mailTransport?: MailTransport } = {},
): Promise<TestApp> {
  const temp = makeTempDir();
  const clientDir = join(temp.dir, 'client');
  writeFakeClientBuild(clientDir);
  const logs: Array<Record<string, unknown>> = [];
  const logger: Logger = createLogger('debug', {}, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));

  let now = new Date('2026-03-02T10:00:00Z');
  const clock = {
    now: () => new Date(now),
    set: (date: Date) => void (now = new Date(date)),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
  };

  // The port is only known after listening, and PUBLIC_URL must match it for the origin check:
  // reserve a port first by listening on 0, then build the real config with it.
  const probe = await listen(() => new Response(null), 0, '127.0.0.1');
  const port = probe.port;
  await probe.close();

  const database = await testDatabase(temp.dir);
  const config = parseConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'debug',
    ...env,
  });
  const sentMails: OutgoingMail[] = [];
  const memoryTransport: MailTransport = { send: async (mail) => void sentMails.push(mail), close: () => undefined };
  // The worker does not poll in tests: a test runs it when it wants mail to go out (outbox.runOnce()).
  const runtime = await startRuntime(config, logger, clock, { mailTransport: options.mailTransport ?? memoryTransport, startWorker: false });
  const { db } = runtime;
  const outbox = { kick: () => undefined };
  const app = createApp({ config, db, outbox, logger, clock, client: createBuiltClient(clientDir) });
  const running = await listen(app.fetch, port, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    origin: url,
    config,
    db,
    logs,
    clock,
    outbox: runtime.outbox,
    sentMails,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', url);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    async close() {
      await running.close();
      await runtime.close().catch(() => undefined);
      await database.drop();
      temp.remove();
    },
  };
}

/**
 * A fresh database for one test app: a SQLite file in the temporary folder, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a schema of its own there (dropped afterwards).
 */
async function testDatabase(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) return { url: `sqlite:${join(dir, 'app.db')}`, drop: async () => undefined };
  const schema = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const separator = base.includes('?') ? '&' : '?';
  return {
    url: `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
