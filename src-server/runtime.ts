import { join } from 'node:path';
import type { Config } from './config';
import { deleteStaleRows } from './db/cleanup';
import { connectDatabase, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { createOutboxWorker, type OutboxWorker } from './mail/worker';
import { createNewsletterQueueWorker, type NewsletterQueueWorker } from './newsletter/queue-worker';
import { createOrderWorker } from './orders/worker';
import { shopServicesFor } from './shop/services';

export type Runtime = { db: Db; outbox: OutboxWorker; newsletterQueue: NewsletterQueueWorker; close(): Promise<void> };

const CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * What every process of the app needs besides HTTP: the migrated database and the background workers
 * (mail, newsletter queue, orders).
 * main.ts, dev.ts, the CLI and the tests all start from here, so they cannot drift apart.
 */
export async function startRuntime(
  config: Config,
  logger: Logger,
  clock: Clock,
  options: { mailTransport?: MailTransport; startWorker?: boolean } = {},
): Promise<Runtime> {
  const { db } = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, logger);
  } catch (error) {
    // A process that cannot start still closes its database (Node 24 aborts on open statements at exit).
    await db.destroy();
    throw error;
  }
  if (!config.smtpUrl && !options.mailTransport && config.isProduction) {
    logger.warn('SMTP_URL is not set: e-mails are written to ./data/mail and their links are logged; set SMTP_URL to send them');
  }
  const transport =
    options.mailTransport ??
    (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileTransport(join(process.cwd(), 'data', 'mail'), logger));
  const outbox = createOutboxWorker({
    db,
    transport,
    from: config.mailFrom,
    logger,
    clock,
    newsletterRatePerMinute: config.newsletterRatePerMinute,
  });
  // A newsletter being sent gets its mails queued in the background, and finished after a crash.
  const newsletterQueue = createNewsletterQueueWorker({ db, clock, logger, publicUrl: config.publicUrl, outbox });
  // Orders Printful did not take at checkout are retried in the background.
  const orders = createOrderWorker({ db, provider: shopServicesFor(config, { logger, clock }).provider, logger, clock });
  let cleanup: NodeJS.Timeout | undefined;
  if (options.startWorker !== false) {
    outbox.start();
    newsletterQueue.start();
    orders.start();
    const clean = () => deleteStaleRows(db, clock.now()).catch((error: unknown) => logger.error('cleanup failed', { error }));
    void clean();
    cleanup = setInterval(() => void clean(), CLEANUP_EVERY_MS);
    cleanup.unref();
  }
  return {
    db,
    outbox,
    newsletterQueue,
    async close() {
      clearInterval(cleanup);
      // The queue first: it wakes the outbox.
      await newsletterQueue.stop();
      await orders.stop();
      await outbox.stop();
      await db.destroy();
    },
  };
}
