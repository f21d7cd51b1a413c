import type { PollingWorker } from '../lib/polling-worker';
import { createCacheMetrics, type CacheMetrics } from './cache-stats';
import { createRequestMetrics, type RequestMetrics } from './requests';
import { createStripeWebhookMetrics, type StripeWebhookMetrics } from './stripe-webhook';

/** The background workers /metrics reports on, by the name their label carries. */
export type MetricWorkers = Readonly<
  Record<'mail' | 'newsletter_queue' | 'orders' | 'donation_repair' | 'retention', Pick<PollingWorker, 'lastRun'>> & {
    /** Only where BACKUP_DIR is set. */
    backup?: Pick<PollingWorker, 'lastRun'>;
  }
>;

/**
 * What the process counts for /metrics (ADR 044): one per runtime (runtime.ts), reached through AppDeps,
 * so each test's app starts from zero. Gauges read from the database (queues, backups) are not kept
 * here: the scrape reads them (scrape.ts).
 */
export type Metrics = {
  requests: RequestMetrics;
  caches: CacheMetrics;
  /** Webhook requests from (or claiming to be from) Stripe that booked nothing. */
  stripeWebhook: StripeWebhookMetrics;
  workers: MetricWorkers;
  /** When the process started (wall-clock ms). */
  startedAt: number;
};

export function createMetrics(workers: MetricWorkers): Metrics {
  return {
    requests: createRequestMetrics(),
    caches: createCacheMetrics(),
    stripeWebhook: createStripeWebhookMetrics(),
    workers,
    startedAt: Date.now(),
  };
}
