// The process `npm run bench` measures: the production server (dist/server/main.js, configured by the
// environment) and, in the same process, a bare Hono handler on BENCH_BARE_PORT — the yardstick for
// throughput, so both answer from one event loop on the same machine.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const barePort = Number(process.env.BENCH_BARE_PORT);
if (!barePort) throw new Error('BENCH_BARE_PORT is not set');
serve({ fetch: new Hono().get('/', (c) => c.text('ok')).fetch, port: barePort, hostname: '127.0.0.1' });
await import(new URL('../dist/server/main.js', import.meta.url).href);
