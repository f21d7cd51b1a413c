import { parseConfig, type Config } from '@server/config';
import type { Db } from '@server/db/connect';
import type { Clock } from '@server/lib/clock';
import type { ContentVersion } from '@server/lib/content-version';
import { createLogger, type Logger } from '@server/lib/logger';
import type { MailTransport, OutgoingMail } from '@server/mail/transport';
import type { OutboxWorker } from '@server/mail/worker';
import type { NewsletterQueueWorker } from '@server/newsletter/queue-worker';
import type { OrderWorker } from '@server/orders/worker';
import type { DonationRepairWorker } from '@server/donations/repair-worker';
import { startRuntime } from '@server/runtime';
import type { ShopDeps, ShopServices } from '@server/shop/services';
import type { AppDeps } from '@server/trpc';
import { reusableTestDatabase } from './test-database';
import { makeTempDir } from './temp-dir';

export type TestClock = Clock & { set(date: Date): void; advance(ms: number): void };

export type TestRuntime = {
  config: Config;
  db: Db;
  logger: Logger;
  logs: Array<Record<string, unknown>>;
  shop: ShopServices;
  content: ContentVersion;
  outbox: OutboxWorker;
  newsletterQueue: NewsletterQueueWorker;
  orders: OrderWorker;
  donations: DonationRepairWorker;
  /** What the app and a test's caller get: the runtime's services, with kicks that wake no worker. */
  appDeps: AppDeps;
  /** Mails the transport handed over (unless the test brought its own transport). */
  sentMails: OutgoingMail[];
  clock: TestClock;
  /** The temporary folder this runtime lives in (removed by close()). */
  dir: string;
  close(): Promise<void>;
};

/** The moment every test starts at, unless it moves the clock. */
export const TEST_START = new Date('2026-03-02T10:00:00Z');

/**
 * What a test needs besides HTTP: a freshly migrated database (SQLite file in a temporary folder, or a
 * PostgreSQL schema), a movable clock, captured log lines and mails. The workers do not poll: a test
 * runs them when it wants mail queued or sent (newsletterQueue.runOnce(), outbox.runOnce()).
 */
export type TestRuntimeOptions = {
  mailTransport?: MailTransport;
  /** Makes the shop from the runtime's config, logger, clock and database (a Printful client with short timeouts). */
  shop?: (deps: ShopDeps) => ShopServices;
  /** The moment the clock starts at instead of TEST_START: what the start-up itself sees (legal/text-dates.ts). */
  startAt?: Date;
};

export async function startTestRuntime(env: Record<string, string> = {}, options: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const temp = makeTempDir();
  const logs: Array<Record<string, unknown>> = [];
  const logger: Logger = createLogger('debug', {}, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));

  let now = new Date(options.startAt ?? TEST_START);
  const clock: TestClock = {
    now: () => new Date(now),
    set: (date: Date) => {
      now = new Date(date);
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };

  const database = await reusableTestDatabase(temp.dir);
  const config = parseConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'debug', ...env });
  const sentMails: OutgoingMail[] = [];
  const memoryTransport: MailTransport = { send: async (mail) => void sentMails.push(mail), close: () => undefined };
  const runtime = await startRuntime(config, logger, clock, {
    mailTransport: options.mailTransport ?? memoryTransport,
    startWorker: false,
    shop: options.shop,
  });
  const { db, shop, content } = runtime.deps;
  await database.migrated();

  let closing: Promise<void> | null = null;
  return {
    config,
    db,
    logger,
    logs,
    shop,
    content,
    outbox: runtime.outbox,
    newsletterQueue: runtime.newsletterQueue,
    orders: runtime.orders,
    donations: runtime.donations,
    // A test runs the workers itself, when it wants mail queued or sent.
    appDeps: {
      ...runtime.deps,
      outbox: { kick: () => undefined },
      newsletterQueue: { kick: () => undefined },
      orderQueue: { kick: () => undefined },
    },
    sentMails,
    clock,
    dir: temp.dir,
    close() {
      // Once, however often it is called (a test's own close and its afterEach's): a schema given back
      // twice would be handed to two later apps at once, which then migrate it together.
      closing ??= (async () => {
        // A runtime that did not close cleanly may still write: its schema is dropped, not handed to the next test.
        const closed = await runtime.close().then(
          () => true,
          () => false,
        );
        await (closed ? database.release() : database.drop());
        temp.remove();
      })();
      return closing;
    },
  };
}
