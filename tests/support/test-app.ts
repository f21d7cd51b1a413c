import { join } from 'node:path';
import { createApp } from '@server/app';
import { parseConfig, type Config } from '@server/config';
import { connectDatabase, type Db } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { createBuiltClient } from '@server/http/built-client';
import { listen } from '@server/http/listen';
import type { Clock } from '@server/lib/clock';
import { createLogger, type Logger } from '@server/lib/logger';
import { writeFakeClientBuild } from './fake-client-build';
import { makeTempDir } from './temp-dir';

export type TestApp = {
  url: string;
  origin: string;
  config: Config;
  db: Db;
  logs: Array<Record<string, unknown>>;
  clock: Clock & { set(date: Date): void; advance(ms: number): void };
  /** fetch against the running server; POSTs carry the site's Origin unless the test sets another. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The real app on a real port, with a freshly migrated SQLite file in a temporary folder, a movable
 * clock and captured log lines. Each call is independent; close() removes everything.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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

  const config = parseConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(temp.dir, 'app.db')}`,
    LOG_LEVEL: 'debug',
    ...env,
  });
  const { db } = connectDatabase(config.databaseUrl);
  await migrateToLatest(db, logger);
  const app = createApp({ config, db, logger, clock, client: createBuiltClient(clientDir) });
  const running = await listen(app.fetch, port, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    origin: url,
    config,
    db,
    logs,
    clock,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', url);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    async close() {
      await running.close();
      await db.destroy().catch(() => undefined);
      temp.remove();
    },
  };
}
