// npm run bench: the production server's numbers — start-up time, memory after start, the gzip size of
// the JavaScript the start page needs before first paint, and request latency/throughput on loopback.
// Targets belong here, not in timed tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, root } from './build-lib.mjs';

const REQUESTS = 2000;
const CONCURRENCY = 16;
const PORT = 4390;
const base = `http://127.0.0.1:${PORT}`;

await ensureBuilt();

// 1. JavaScript before first paint: the entry script, its static imports (modulepreload) and, because
//    the app renders only once the language catalog is active, the German catalog and the start route.
const clientDir = join(root, 'dist', 'client');
const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => (existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size);
const entrySource = readFileSync(join(clientDir, initial[0]), 'utf8');
const lazy = [...entrySource.matchAll(/[`"'](?:\.\/|\/assets\/|assets\/)?((?:messages|routes)-[\w-]+\.js)[`"']/g)].map((m) => `/assets/${m[1]}`);
const deCatalog = lazy.filter((f) => f.includes('messages-')).find((f) => readFileSync(join(clientDir, f), 'utf8').includes('Eine Schule in der Box'));
if (!deCatalog) throw new Error('bench: could not find the German catalog chunk in the build');
const homeRoute = lazy.find((f) => f.includes('routes-'));
const firstPaint = [...new Set([...initial, deCatalog, homeRoute].filter(Boolean))];
const firstPaintGz = firstPaint.reduce((sum, f) => sum + gz(join(clientDir, f)), 0);

// 2. Start-up time and memory.
const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-'));
const started = performance.now();
const server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
  env: { ...process.env, PORT: String(PORT), DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`, LOG_LEVEL: 'error' },
  stdio: 'ignore',
});
let startupMs;
for (;;) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 10));
}
startupMs = performance.now() - started;
await new Promise((r) => setTimeout(r, 500));
const rssAfterStart = readRss(server.pid);

// 3. Latency and throughput for a few typical requests.
async function load(path, headers = {}) {
  const latencies = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const s = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.floor(q * (latencies.length - 1))].toFixed(2);
  return `${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms`;
}
const results = {
  'GET /healthz': await load('/healthz'),
  'GET / (shell, br)': await load('/', { 'accept-encoding': 'br' }),
  'GET /api/trpc/site.config': await load('/api/trpc/site.config'),
};
const rssAfterLoad = readRss(server.pid);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

function readRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

console.log(`Node ${process.version}, ${REQUESTS} requests per line, ${CONCURRENCY} at once (client in the same machine)`);
console.log(`JavaScript before first paint (gzip): ${(firstPaintGz / 1024).toFixed(1)} KiB in ${firstPaint.length} files`);
console.log(`Start-up until /healthz answers:       ${startupMs.toFixed(0)} ms (process spawn included)`);
console.log(`Memory (RSS) after start:              ${rssAfterStart.toFixed(1)} MiB`);
console.log(`Memory (RSS) after the load below:     ${rssAfterLoad.toFixed(1)} MiB`);
for (const [name, line] of Object.entries(results)) console.log(`${name.padEnd(30)} ${line}`);
