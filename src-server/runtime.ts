import { sql } from 'kysely';
import { join } from 'node:path';
import type { Config } from './config';
import { connectDatabase, databaseDialect, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { Clock } from './lib/clock';
import { findNextPublicationTime } from './blog/schedule';
import { createContentVersion } from './lib/content-version';
import type { Logger } from './lib/logger';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { createOutboxWorker, type OutboxWorker } from './mail/worker';
import { createNewsletterQueueWorker, type NewsletterQueueWorker } from './newsletter/queue-worker';
import { createOrderWorker, type OrderWorker } from './orders/worker';
import { createDonationRepairWorker, type DonationRepairWorker } from './donations/repair-worker';
import { createDbMediaStorage } from './media/db-storage';
import { createMetrics } from './metrics/registry';
import { createStripeClient } from './payments/stripe-client';
import { createRetentionJob, type RetentionJob } from './retention/job';
import { createBackupJob, type BackupJob } from './backup/job';
import { createShopServices, type ShopDeps, type ShopServices } from './shop/services';
import { createLegalHistory } from './site/legal-history';
import { settleLegalTextDates } from './legal/text-dates';
import type { AppDeps } from './trpc';

export type Runtime = {
  /** What the app and every request get: each service made once here and handed on (ADR 024). */
  deps: AppDeps;
  outbox: OutboxWorker;
  newsletterQueue: NewsletterQueueWorker;
  orders: OrderWorker;
  /** Donations whose payment webhook never came, settled by asking Stripe (idle without Stripe). */
  donations: DonationRepairWorker;
  /** The daily retention job (checks hourly whether a day has passed since the last run). */
  retention: RetentionJob;
  /** The daily backup into BACKUP_DIR; null when BACKUP_DIR is not set. */
  backup: BackupJob | null;
  close(): Promise<void>;
};

/** The database in DATABASE_URL could not be opened, reached or migrated (the first query is the migrator's). */
export class DatabaseStartError extends Error {}

/**
 * What every process of the app needs besides HTTP: the migrated database, the shop, the content
 * version and the background workers (mail, newsletter queue, orders, retention).
 * main.ts, dev.ts, the CLI and the tests all start from here, so they cannot drift apart.
 */
export async function startRuntime(
  configured: Config,
  logger: Logger,
  clock: Clock,
  /** shop: makes one a test wants (a Printful client with short timeouts); else the one config describes. */
  options: { mailTransport?: MailTransport; startWorker?: boolean; shop?: (deps: ShopDeps) => ShopServices } = {},
): Promise<Runtime> {
  const failed = (error: unknown) => new DatabaseStartError(error instanceof Error ? error.message : String(error), { cause: error });
  let db: Db;
  try {
    // SQLite opens its file here (a folder that cannot be made, a file that is no database).
    ({ db } = connectDatabase(configured.databaseUrl, { logger }));
  } catch (error) {
    throw failed(error);
  }
  try {
    // On PostgreSQL through a connection of their own without the query limits (connect.ts): a step may
    // take long, and a second process waits on the migration lock meanwhile.
    if (databaseDialect(configured.databaseUrl) === 'postgres') {
      const unlimited = connectDatabase(configured.databaseUrl, { logger, limits: false }).db;
      try {
        await migrateToLatest(unlimited, logger);
      } finally {
        await unlimited.destroy();
      }
      // The site's own connection is opened now, with its limits: one the server refuses stops the start here.
      await sql`select 1`.execute(db);
    } else {
      await migrateToLatest(db, logger);
    }
  } catch (error) {
    // A process that cannot start still closes its database (Node 24 aborts on open statements at exit).
    await db.destroy();
    throw failed(error);
  }
  // The terms' and the withdrawal information's "Stand" moves with a setting that changed their text
  // (legal/text-dates.ts): every page and mail of this process states the dates settled here.
  let config: Config;
  try {
    const textDates = await settleLegalTextDates({ db, config: configured, clock, logger });
    config = { ...configured, shopTerms: { ...configured.shopTerms, textDates } };
  } catch (error) {
    await db.destroy();
    throw failed(error);
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
    teamInbox: config.contactInbox,
    logger,
    clock,
    newsletterRatePerMinute: config.newsletterRatePerMinute,
  });
  // A newsletter being sent gets its mails queued in the background, and finished after a crash.
  const newsletterQueue = createNewsletterQueueWorker({
    db,
    clock,
    logger,
    publicUrl: config.publicUrl,
    orgName: config.legal.orgName,
    outbox,
  });
  // One shop for every request and the order worker: one catalog cache, one Printful client.
  // A scheduled post's moment moves the version on too (ADR 038).
  const content = createContentVersion(db, clock, {
    nextScheduledChange: (since) => findNextPublicationTime(db, since),
    onReadFailed: (error) => logger.warn('content version not readable; serving what is cached at the last known one', { error }),
    // The catalog is refreshed on its TTL while the site is visited, also when every /shop comes from the page cache;
    // so is whether orders and donations are still held, which the legal pages show (ADR 055).
    onCheck: () => {
      shop.catalog.touch();
      legalHistory.touch();
    },
  });
  const legalHistory = createLegalHistory({ db, content, clock, logger });
  // A catalog that changed retires the cached pages that show it (/shop, its prices and names).
  const shop: ShopServices = (options.shop ?? createShopServices)({ config, logger, clock, db, onCatalogChange: () => content.bump() });
  // One Stripe client for the procedures, the webhook and the order worker.
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  // Orders Printful did not take at checkout are retried in the background, and orders whose payment
  // webhook never came are settled by asking Stripe.
  const orders = createOrderWorker({ db, provider: shop.provider, logger, clock, stripe, config });
  // The same for donations, which need no shop (donations/reconcile.ts).
  const donations = createDonationRepairWorker({ db, stripe, logger, clock, config, outbox });
  // What the privacy page promises is deleted, deleted once a day (by one process of several).
  const retention = createRetentionJob({ db, config, logger, clock });
  // A consistent archive of everything once a day, when the operator named a folder (ADR 040).
  const backup = config.backup.dir ? createBackupJob({ db, config, logger, clock, dir: config.backup.dir }) : null;
  if (options.startWorker !== false) {
    outbox.start();
    newsletterQueue.start();
    orders.start();
    donations.start();
    retention.start();
    backup?.start();
    // A shop that takes orders has its catalog ready (the stored copy, else Printful's) before the first visitor.
    if (config.shopOrdersEnabled) shop.catalog.warm();
  }
  return {
    deps: {
      config,
      db,
      logger,
      clock,
      shop,
      content,
      legalHistory,
      outbox,
      newsletterQueue,
      orderQueue: orders,
      // One client (and its keep-alive connections) for every request; the tests' runtime makes it the same way.
      stripe,
      media: createDbMediaStorage(db),
      metrics: createMetrics({
        mail: outbox,
        newsletter_queue: newsletterQueue,
        orders,
        donation_repair: donations,
        retention,
        ...(backup ? { backup } : {}),
      }),
    },
    outbox,
    newsletterQueue,
    orders,
    donations,
    retention,
    backup,
    async close() {
      await retention.stop();
      await backup?.stop();
      // The queue first: it wakes the outbox.
      await newsletterQueue.stop();
      await orders.stop();
      await donations.stop();
      await outbox.stop();
      await db.destroy();
    },
  };
}
