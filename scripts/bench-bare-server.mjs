// The yardstick of the throughput benchmark (bench-throughput.mjs): a bare Hono handler on the same
// Node adapter as the app, in a process of its own, so that it measures what one Node event loop on
// this machine can answer at all. Port from BENCH_BARE_PORT; prints "ready" once it listens.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.BENCH_BARE_PORT);
if (!port) throw new Error('BENCH_BARE_PORT is not set');
serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port, hostname: '127.0.0.1' }, () => {
  process.stdout.write('ready\n');
});
