import { sql } from 'kysely';
import type { Context } from 'hono';
import type { Db } from '../db/connect';
import type { Logger } from '../lib/logger';

const HEALTH_TIMEOUT_MS = 2000;

/** GET /healthz: 200 when the database answers a trivial query in time, 503 otherwise. */
export function healthHandler(db: Db, logger: Logger) {
  return async (c: Context) => {
    try {
      await Promise.race([
        sql`select 1`.execute(db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), HEALTH_TIMEOUT_MS).unref()),
      ]);
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    } catch (error) {
      logger.error('health check failed', { error });
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'unavailable' }, 503);
    }
  };
}
