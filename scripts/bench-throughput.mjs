// The throughput part of `npm run bench`: requests per second and p99 latency at 50 connections, from the
// autocannon CLI in a process of its own with worker threads (issue 19). A load generator inside the
// bench's own event loop saturates near 10k req/s, so a bare handler and blog.list both read ~100 %
// of it; run apart, the bare handler shows what one Node event loop answers here and the shares mean
// something. The yardstick, a bare Hono handler (bench-bare-server.mjs), also runs in its own process.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const CONNECTIONS = 50;
export const THROUGHPUT_TARGETS = { cachedShare: 0.5, healthShare: 0.7, p99Ms: 20 };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Enough workers to keep 50 connections busy, leaving a core to the server where there are few.
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2))));

/** One autocannon run, as the CLI's --json answer (requests.average, latency.p99, errors, non2xx). */
function autocannon(root, url, headers = {}, seconds = SECONDS) {
  const args = [
    join(root, 'node_modules', 'autocannon', 'autocannon.js'),
    '--json',
    '--no-progress',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-w',
    String(WORKERS),
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.trim().split('\n').at(-1)}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}

async function startBareServer(root, port) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'bench-bare-server.mjs')], {
    cwd: root,
    env: { ...process.env, BENCH_BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return child;
}

/**
 * Rows { name, rps, p99, errors, share, target? } for the bare handler (its own process on `barePort`),
 * /healthz, a cached page and blog.list of the app at `base`; a row that could not be measured has `error`.
 */
export async function throughputBenchmarks(root, base, { barePort, log = () => {} }) {
  const bare = await startBareServer(root, barePort);
  try {
    const blogList = `${base}/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({}))}`;
    const plan = [
      { name: 'bare Hono handler (own process)', url: `http://127.0.0.1:${barePort}/` },
      { name: 'GET /healthz', url: `${base}/healthz`, target: THROUGHPUT_TARGETS.healthShare },
      { name: 'GET / (cached page, br)', url: `${base}/`, headers: { 'accept-encoding': 'br' }, target: THROUGHPUT_TARGETS.cachedShare },
      { name: 'GET blog.list (tRPC, br)', url: blogList, headers: { 'accept-encoding': 'br' } },
    ];
    // Warm-up: the page cache, the statements and the JIT of both servers.
    for (const { url, headers } of plan) await autocannon(root, url, headers, 2).catch(() => {});
    const rows = [];
    for (const { name, url, headers, target } of plan) {
      try {
        const result = await autocannon(root, url, headers);
        const row = { name, target, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
        log(`throughput ${name}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, errors ${row.errors}`);
        rows.push(row);
      } catch (error) {
        log(`throughput ${name}: ${error.message}`);
        rows.push({ name, target, error: error.message });
      }
    }
    const bareRps = rows[0].rps;
    for (const row of rows) row.share = bareRps && row.rps !== undefined ? row.rps / bareRps : null;
    return { rows, workers: WORKERS, seconds: SECONDS };
  } finally {
    bare.kill('SIGTERM');
    await new Promise((resolve) => (bare.exitCode !== null ? resolve() : bare.once('exit', resolve)));
  }
}
