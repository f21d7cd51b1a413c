import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import { readBackupState } from './backup-state';
import { writeCacheMetrics } from './cache-stats';
import { Exposition } from './exposition';
import { readNewsletterQueueState, readOrderQueueState, readOutboxState } from './queue-state';
import type { Metrics } from './registry';
import { writeStripeWebhookMetrics } from './stripe-webhook';

const seconds = (ms: number) => ms / 1000;

/**
 * One scrape of /metrics: the counters the process keeps (requests, caches, refused Stripe webhooks) and
 * gauges read now from the database (mail queue, order and newsletter queues, backups) and the workers.
 */
export async function scrapeMetrics(deps: { db: Db; clock: Clock; metrics: Metrics }): Promise<string> {
  const { db, clock, metrics } = deps;
  const now = clock.now();
  const [outbox, orders, newsletters, backup] = await Promise.all([
    readOutboxState(db, now),
    readOrderQueueState(db),
    readNewsletterQueueState(db),
    readBackupState(db),
  ]);
  const out = new Exposition();
  metrics.requests.write(out);
  writeCacheMetrics(metrics.caches, out);
  writeStripeWebhookMetrics(metrics.stripeWebhook, out);

  out.family('schoolbox_outbox_mails', 'gauge', 'Mails in the outbox that are not sent, by status.');
  out.sample('schoolbox_outbox_mails', { status: 'pending' }, outbox.pending);
  out.sample('schoolbox_outbox_mails', { status: 'failed' }, outbox.failed);
  out.family('schoolbox_outbox_oldest_pending_age_seconds', 'gauge', 'Age of the oldest pending mail (0 when none is pending).');
  out.sample('schoolbox_outbox_oldest_pending_age_seconds', {}, age(now, outbox.oldestPendingAt));

  out.family(
    'schoolbox_orders_queued',
    'gauge',
    'Orders the order worker has still to hand to Printful (pending_provider) or gave up on (provider_failed).',
  );
  out.sample('schoolbox_orders_queued', { status: 'pending_provider' }, orders.pendingProvider);
  out.sample('schoolbox_orders_queued', { status: 'provider_failed' }, orders.providerFailed);
  out.family('schoolbox_newsletters_sending', 'gauge', 'Newsletters whose mails are still being queued.');
  out.sample('schoolbox_newsletters_sending', {}, newsletters.sending);

  const workers = Object.entries(metrics.workers).map(([worker, state]) => ({ worker, run: state.lastRun() }));
  out.family(
    'schoolbox_worker_last_run_timestamp_seconds',
    'gauge',
    'When a background worker last finished a run (absent before its first).',
  );
  for (const { worker, run } of workers)
    if (run) out.sample('schoolbox_worker_last_run_timestamp_seconds', { worker }, seconds(run.finishedAt));
  out.family('schoolbox_worker_last_run_ok', 'gauge', "1 when a background worker's last run succeeded, 0 when it failed.");
  for (const { worker, run } of workers) if (run) out.sample('schoolbox_worker_last_run_ok', { worker }, run.ok ? 1 : 0);

  out.family('schoolbox_backup_last_success_timestamp_seconds', 'gauge', 'When the last backup succeeded (absent: no backup yet).');
  if (backup.lastSuccessAt) out.sample('schoolbox_backup_last_success_timestamp_seconds', {}, seconds(backup.lastSuccessAt.getTime()));
  out.family('schoolbox_backup_age_seconds', 'gauge', 'Time since the last successful backup (absent: no backup yet).');
  if (backup.lastSuccessAt) out.sample('schoolbox_backup_age_seconds', {}, age(now, backup.lastSuccessAt));
  out.family('schoolbox_backup_failing', 'gauge', '1 when the last backup failed and none has succeeded since.');
  out.sample('schoolbox_backup_failing', {}, backup.lastErrorAt ? 1 : 0);

  const memory = process.memoryUsage();
  out.family('process_resident_memory_bytes', 'gauge', 'Resident memory of the process.');
  out.sample('process_resident_memory_bytes', {}, memory.rss);
  out.family('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.');
  out.sample('nodejs_heap_used_bytes', {}, memory.heapUsed);
  out.family('process_start_time_seconds', 'gauge', 'When the process started, in seconds since the epoch.');
  out.sample('process_start_time_seconds', {}, seconds(metrics.startedAt));
  return out.text();
}

function age(now: Date, since: Date | null): number {
  return since ? Math.max(0, seconds(now.getTime() - since.getTime())) : 0;
}
