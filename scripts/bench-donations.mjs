// The donation benchmarks of `npm run bench` (issue 18), against the production build with a fake
// Stripe (tests/support/fake-stripe-server.mjs) in a process of its own, a server of their own (own
// SQLite file, Stripe settings, TRUST_PROXY so each simulated donor has an address) and the load from
// scripts/bench-load-client.mjs, also a process of its own:
// - the donate click: `donations.start` until the answer with Checkout's URL, with 100 ms of latency
//   injected into every fake Stripe call; p50/p95 minus that latency (target ≤ 150 ms);
// - webhooks: distinct signed invoice.paid events for a running pledge on SQLite, events per second
//   (target ≥ 500); then each delivered again, and exactly-once: one stripe_events row and one
//   payment per distinct event, however often it came.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';

// A port of its own, beside those of bench.mjs (BENCH_PORT and the next one).
const PORT = Number(process.env.BENCH_PORT ?? 4700) + 2;
const base = `http://127.0.0.1:${PORT}`;
const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_test_fake';
export const DONATION_TARGETS = { latencyMs: 100, overheadMs: 150, eventsPerSecond: 500 };
const DONATE_CALLS = Number(process.env.BENCH_DONATE_CALLS ?? 200);
const DONATE_CONCURRENCY = 10;
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const WEBHOOK_CONCURRENCY = 20;

/** Starts a node process and resolves with it and its first stdout line (when it prints one). */
function start(args, options, { firstLine = false } = {}) {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  if (!firstLine) {
    child.stdout.resume();
    return Promise.resolve({ child, line: null });
  }
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      child.stdout.resume();
      resolve({ child, line });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Runs one job of bench-load-client.mjs and returns its JSON answer. */
async function load(root, job) {
  // The job on stdin: the webhook bodies are far too many for a command line.
  const child = spawn(process.execPath, [join(root, 'scripts', 'bench-load-client.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load client failed (${code})`);
  return JSON.parse(out);
}

const post = async (url, body) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

/** CPU time (user + system) a process has used so far, in ms: what the work cost, however busy the machine is. */
function cpuMs(pid) {
  // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux); the name (field 2) may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** invoice.paid for the pledge, as Stripe sends it (the fields the handler reads), distinct per index. */
function invoicePaidEvent(index, pledge) {
  const created = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id: `evt_bench_${index}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
    data: {
      object: {
        id: `in_bench_${index}`,
        object: 'invoice',
        amount_paid: pledge.amount_cents,
        amount_due: pledge.amount_cents,
        currency: 'eur',
        customer: pledge.stripe_customer_id,
        status: 'paid',
        billing_reason: 'subscription_cycle',
        livemode: false,
        status_transitions: { paid_at: created },
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: pledge.stripe_subscription_id, metadata: { kind: 'donation', donation_id: pledge.id } },
        },
        payments: {
          object: 'list',
          has_more: false,
          data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: `pi_bench_${index}` } }],
        },
      },
    },
  });
}

export async function donationBenchmarks(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-donations-'));
  const dbFile = join(dataDir, 'bench.db');
  let fake;
  let server;
  // The thank-you mails go to an SMTP server that takes and drops them, as a mail provider would take
  // them: without SMTP_URL they would be files on disk, which is the try-out's way, not production's.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  try {
    const fakeStarted = await start(
      [join(root, 'tests', 'support', 'fake-stripe-server.mjs'), '0'],
      {
        cwd: root,
        env: {
          ...process.env,
          FAKE_STRIPE_WEBHOOK_URL: `${base}/api/stripe/webhook`,
          FAKE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          FAKE_STRIPE_SECRET_KEY: SECRET_KEY,
        },
      },
      { firstLine: true },
    );
    fake = fakeStarted.child;
    const fakeUrl = JSON.parse(fakeStarted.line).url;

    // Its own folder as the working directory, should anything be written to ./data.
    server = (
      await start([join(root, 'dist', 'server', 'main.js')], {
        cwd: dataDir,
        env: {
          ...process.env,
          PORT: String(PORT),
          HOST: '127.0.0.1',
          PUBLIC_URL: base,
          DATABASE_URL: `sqlite:${dbFile}`,
          LOG_LEVEL: 'error',
          SEED_DEMO_CONTENT: 'false',
          TRUST_PROXY: 'true',
          SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: fakeUrl,
        },
      })
    ).child;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // (a) The donate click. A warm-up without latency (JIT, statements), then the measured calls.
    const donate = { kind: 'donate', url: `${base}/api/trpc/donations.start`, origin: base, concurrency: DONATE_CONCURRENCY };
    const warm = await load(root, { ...donate, count: 40 });
    if (warm.failures.length > 0) throw new Error(`donations.start failed: ${warm.failures[0]}`);
    await post(`${fakeUrl}/_fake/config`, { latencyMs: DONATION_TARGETS.latencyMs });
    const donateCpu = cpuMs(server.pid);
    const measured = await load(root, { ...donate, count: DONATE_CALLS });
    const donateCpuPerCall = (cpuMs(server.pid) - donateCpu) / DONATE_CALLS;
    await post(`${fakeUrl}/_fake/config`, { latencyMs: 0 });
    const p50 = percentile(measured.latencies, 50);
    const p95 = percentile(measured.latencies, 95);

    // (b) Webhooks. One pledge made running through the fake's Checkout (its events reach the server),
    // then distinct invoice.paid events for it, each delivered twice.
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      const open = db.prepare("select id, stripe_session_id from donations where mode = 'monthly' and status = 'open' limit 1").get();
      await post(`${fakeUrl}/_fake/checkout/${encodeURIComponent(open.stripe_session_id)}/complete`, { method: 'card' });
      const pledge = db.prepare('select * from donations where id = ?').get(open.id);
      if (pledge.status !== 'active' || !pledge.stripe_subscription_id)
        throw new Error(`the pledge did not become active: ${pledge.status}`);
      const bodies = Array.from({ length: WEBHOOK_EVENTS }, (_, index) => invoicePaidEvent(index, pledge));
      const webhookJob = {
        kind: 'webhook',
        url: `${base}/api/stripe/webhook`,
        secret: WEBHOOK_SECRET,
        concurrency: WEBHOOK_CONCURRENCY,
        bodies,
      };
      // First every event once (the throughput), then every one again, as Stripe redelivers (no new rows).
      const hookCpu = cpuMs(server.pid);
      const hooks = await load(root, { ...webhookJob, repeat: 1 });
      const hookCpuPerEvent = (cpuMs(server.pid) - hookCpu) / WEBHOOK_EVENTS;
      const again = await load(root, { ...webhookJob, repeat: 1 });
      const count = (sql) => db.prepare(sql).get().n;
      return {
        donate: {
          calls: measured.latencies.length,
          failures: measured.failures.length,
          firstFailure: measured.failures[0] ?? null,
          p50,
          p95,
          overheadP50: p50 - DONATION_TARGETS.latencyMs,
          overheadP95: p95 - DONATION_TARGETS.latencyMs,
          cpuPerCall: donateCpuPerCall,
        },
        webhook: {
          events: WEBHOOK_EVENTS,
          failed: hooks.failed + again.failed,
          firstFailure: hooks.firstFailure ?? again.firstFailure,
          seconds: hooks.ms / 1000,
          eventsPerSecond: WEBHOOK_EVENTS / (hooks.ms / 1000),
          cpuPerEvent: hookCpuPerEvent,
          redeliveriesPerSecond: again.deliveries / (again.ms / 1000),
          eventRows: count("select count(*) as n from stripe_events where id like 'evt_bench_%'"),
          paymentRows: count("select count(*) as n from donation_payments where stripe_invoice_id like 'in_bench_%'"),
        },
      };
    } finally {
      db.close();
    }
  } finally {
    await stop(server);
    await stop(fake);
    await new Promise((resolve) => smtp.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The donation benchmarks' rows of the bench's table (bench-table.mjs). */
export function donationRows({ donate, webhook }) {
  const { latencyMs, overheadMs, eventsPerSecond } = DONATION_TARGETS;
  const exactlyOnce = webhook.eventRows === webhook.events && webhook.paymentRows === webhook.events && webhook.failed === 0;
  return {
    title: `Donations (fake Stripe with ${latencyMs} ms latency per call; ${DONATE_CONCURRENCY} donors at a time; SQLite)`,
    rows: [
      {
        ok: donate.failures === 0 && donate.overheadP95 <= overheadMs,
        item: 'donate click → Checkout URL, over the latency',
        measured: `p50 ${donate.overheadP50.toFixed(0)} ms, p95 ${donate.overheadP95.toFixed(0)} ms (${donate.calls} calls, ${donate.failures} failed${donate.firstFailure ? `: ${donate.firstFailure}` : ''})`,
        target: `p95 ≤ ${overheadMs} ms, no failure`,
      },
      { item: 'server CPU per donate click', measured: `${donate.cpuPerCall.toFixed(1)} ms` },
      {
        ok: webhook.eventsPerSecond >= eventsPerSecond && webhook.failed === 0,
        item: 'webhooks: distinct invoice.paid events',
        measured: `${webhook.eventsPerSecond.toFixed(0)} events/s (${webhook.events} in ${webhook.seconds.toFixed(2)} s, non-2xx ${webhook.failed}${webhook.firstFailure ? `: ${webhook.firstFailure}` : ''})`,
        target: `≥ ${eventsPerSecond} events/s`,
      },
      {
        item: 'server CPU per webhook event',
        measured: `${webhook.cpuPerEvent.toFixed(2)} ms (${(1000 / webhook.cpuPerEvent).toFixed(0)} events per CPU-second)`,
      },
      {
        ok: exactlyOnce,
        item: 'exactly once, every event delivered again',
        measured: `${webhook.eventRows} event rows, ${webhook.paymentRows} payments for ${webhook.events} events (${webhook.redeliveriesPerSecond.toFixed(0)} redeliveries/s)`,
        target: 'one row and one payment per event',
      },
    ],
  };
}
