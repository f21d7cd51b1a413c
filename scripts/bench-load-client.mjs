// A load generator of the donation benchmarks (bench-donations.mjs), run as a process of its own so
// that its work does not share the event loop it measures. Reads one job as JSON from stdin, prints
// one JSON line with the result:
// - {"kind":"donate", url, origin, count, concurrency}: `donations.start` calls, each from another
//   X-Forwarded-For address (the server trusts the proxy header, so the per-IP limit of a real donor
//   does not stop the run); answers each call's latency (ms) and the failures.
// - {"kind":"webhook", url, bodies: [...], secret, concurrency, repeat}: POSTs each event body
//   `repeat` times (a redelivery keeps its id) with a fresh valid Stripe-Signature; answers the elapsed
//   time, the deliveries and the non-2xx answers.
import { createHmac } from 'node:crypto';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);

/** Runs `total` tasks, at most `concurrency` at a time. */
async function pool(total, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < total) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}

if (job.kind === 'donate') {
  const latencies = [];
  const failures = [];
  await pool(job.count, job.concurrency, async (index) => {
    const body = JSON.stringify({
      amount: '25',
      mode: index % 2 ? 'monthly' : 'one_time',
      email: `bench${index}@example.org`,
      locale: 'de',
    });
    const started = performance.now();
    const response = await fetch(job.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: job.origin,
        'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.ok && text.includes('"url"')) latencies.push(ms);
    else failures.push(`${response.status} ${text.slice(0, 200)}`);
  });
  process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
} else if (job.kind === 'webhook') {
  const sign = (body) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', job.secret).update(`${t}.${body}`).digest('hex')}`;
  };
  const deliveries = job.bodies.flatMap((body) => Array.from({ length: job.repeat }, () => body));
  let failed = 0;
  let firstFailure = null;
  const started = performance.now();
  await pool(deliveries.length, job.concurrency, async (index) => {
    const body = deliveries[index];
    const response = await fetch(job.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sign(body),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
    });
    const text = await response.text();
    if (!response.ok) {
      failed++;
      firstFailure ??= `${response.status} ${text.slice(0, 200)}`;
    }
  });
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, deliveries: deliveries.length, failed, firstFailure })}\n`);
} else {
  throw new Error(`unknown job kind ${job.kind}`);
}
