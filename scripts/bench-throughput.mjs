// The throughput part of `npm run bench`: requests per second and p99 latency at 50 connections, from the
// autocannon CLI in a process of its own with worker threads (issue 19). A load generator inside the
// bench's own event loop saturates near 10k req/s, so a bare handler and blog.list both read ~100 %
// of it; run apart, the bare handler shows what one Node event loop answers here and the shares mean
// something. The yardstick, a bare Hono handler (bench-bare-server.mjs), also runs in its own process.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const CONNECTIONS = 50;
/**
 * Issue 21: cached reads (and /healthz) ≥ 50 % of the bare handler; a cached page sent without
 * compression with the server's RSS ≤ 200 MiB; random unknown addresses (the 404 page) ≥ 50 % of the
 * cached page's req/s; public pages for a signed-in visitor (session lookup, their role's shared rendering)
 * ≥ 300 req/s. Their own pages (/account) are measured for the record.
 */
export const THROUGHPUT_TARGETS = {
  cachedShare: 0.5,
  healthShare: 0.5,
  p99Ms: 20,
  identityRssMiB: 200,
  notFoundShare: 0.5,
  signedInRps: 300,
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Enough workers to keep 50 connections busy, leaving a core to the server where there are few.
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2))));

/** One autocannon run (bench-autocannon.mjs), as its JSON result (requests.average, latency.p99, errors, non2xx). */
function autocannon(root, url, headers = {}, seconds = SECONDS, { randomId = false } = {}) {
  const args = [
    join(root, 'scripts', 'bench-autocannon.mjs'),
    JSON.stringify({ url, connections: CONNECTIONS, seconds, workers: WORKERS, headers, randomId }),
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

/** The run with the median req/s of several runs of the yardstick (the middle one, or the lower middle). */
function medianRun(runs) {
  const measured = runs.filter((run) => run.rps !== undefined).sort((a, b) => a.rps - b.rps);
  return measured.length ? measured[Math.floor((measured.length - 1) / 2)] : runs[0];
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

/** An admin made by the operators' command, signed in as a browser would: the cookie of its session. */
async function signedInCookie(root, base, serverEnv) {
  const account = { email: 'bench-throughput@example.org', password: 'bench-throughput-password-1' };
  await promisify(execFile)(
    process.execPath,
    [join(root, 'dist', 'server', 'cli.js'), 'admin:create', '--email', account.email, '--password', account.password],
    { env: serverEnv },
  );
  const response = await fetch(`${base}/api/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(account),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => /^[^=]+=./.test(pair));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return cookie;
}

/** The CPU time (user + system, seconds) process `pid` has used so far, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line; after "pid (comm) " they are the 12th and 13th.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The highest RSS (MiB) of process `pid` while `run` runs, sampled from /proc every 50 ms. */
async function peakRss(pid, run) {
  const read = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 50);
  try {
    const result = await run();
    return { result, peak: Math.max(peak, read()) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Rows { name, rps, p99, errors, share, target?, peakRssMiB? } for the bare handler (its own process on
 * `barePort`), /healthz, cached pages (brotli and plain), blog.list, unknown addresses and a signed-in
 * visitor's pages of the app at `base` (process `serverPid`, started with `serverEnv`); a row that could
 * not be measured has `error`. `share` is of the bare handler's req/s (of the runs around the row),
 * `notFoundShare` of the cached page's; the bare row is the median of its runs, all of them in `runs`.
 */
export async function throughputBenchmarks(root, base, { barePort, serverPid, serverEnv, log = () => {} }) {
  const bare = await startBareServer(root, barePort);
  try {
    const blogList = `${base}/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({}))}`;
    let cookie = null;
    let cookieError = null;
    try {
      cookie = await signedInCookie(root, base, serverEnv);
    } catch (error) {
      cookieError = error.message;
    }
    const t = THROUGHPUT_TARGETS;
    const plan = [
      { id: 'bare', name: 'bare Hono handler (own process)', url: `http://127.0.0.1:${barePort}/`, pid: bare.pid },
      // `paired`: a share is its target, so the yardstick is measured just before and after it (below).
      { id: 'health', name: 'GET /healthz', url: `${base}/healthz`, target: t.healthShare, paired: true },
      {
        id: 'page',
        name: 'GET / (cached page, br)',
        url: `${base}/`,
        headers: { 'accept-encoding': 'br' },
        target: t.cachedShare,
        paired: true,
      },
      { id: 'identity', name: 'GET / (cached page, no Accept-Encoding)', url: `${base}/`, rss: true },
      {
        id: 'list',
        name: 'GET blog.list (tRPC, br)',
        url: blogList,
        headers: { 'accept-encoding': 'br' },
        target: t.cachedShare,
        paired: true,
      },
      // autocannon puts a new id in place of [<id>] in each request: every request an address never seen.
      {
        id: 'notFound',
        name: 'GET /missing-<random> (404 page, br)',
        url: `${base}/missing-[<id>]`,
        headers: { 'accept-encoding': 'br' },
        randomId: true,
        status: 404,
        paired: true,
      },
      // A shared link: each click a new `fbclid`, answered with the cached page of `/` (ADR 052). For the record.
      {
        id: 'tracked',
        name: 'GET /?fbclid=<random> (shared link, br)',
        url: `${base}/?fbclid=[<id>]`,
        headers: { 'accept-encoding': 'br' },
        randomId: true,
      },
      // A signed-in visitor's public page: their session read, then their role's shared rendering (ADR 045).
      {
        id: 'signedIn',
        name: 'GET /blog signed in (session + page shared by role, br)',
        url: `${base}/blog`,
        headers: { 'accept-encoding': 'br', cookie: cookie ?? '' },
        skip: cookieError,
      },
      // Their own page, rendered for each request (four at a time, ADR 043): no target, for the record.
      {
        id: 'ownPage',
        name: 'GET /account signed in (rendered per request, br)',
        url: `${base}/account`,
        headers: { 'accept-encoding': 'br', cookie: cookie ?? '' },
        skip: cookieError,
      },
    ];
    // The plain page first, with only its cache filled: its peak RSS is then its own, not what the other
    // rows' renderings (a signed-in visitor's pages) left in the heap.
    const first = plan.filter((step) => step.rss);
    for (const { url, headers } of first) await fetch(url, { headers });
    const results = new Map();
    for (const step of first) results.set(step.id, await measure(step));
    // Warm-up: the page cache, the statements and the JIT of both servers. The pages rendered per request
    // first: their garbage (a /account rendering allocates megabytes) is collected while the cheap rows
    // warm up, not while the first of them is measured (it took 4 µs more per answer for one run).
    const warmUpOrder = [...plan.filter((step) => !step.paired), ...plan.filter((step) => step.paired)];
    for (const { url, headers, randomId, skip } of warmUpOrder)
      if (!skip) await autocannon(root, url, headers, 2, { randomId }).catch(() => {});
    // The yardstick is measured again before each paired row and once after the last: the machine's speed
    // drifts by ±20 % over a minute (ADR 046), so a share against one early run of the bare handler says as
    // much about that drift as about the app. Each paired row is set against the bare runs just before and
    // after it; the others against the median run.
    const [bareStep, ...appSteps] = plan;
    const bareRuns = [];
    const bareAround = new Map();
    for (const step of appSteps.filter((step) => step.paired)) {
      const before = await measure(bareStep);
      bareRuns.push(before);
      results.set(step.id, await measure(step));
      bareAround.set(step.id, [before]);
    }
    bareRuns.push(await measure(bareStep));
    for (const [index, around] of [...bareAround.values()].entries()) around.push(bareRuns[index + 1]);
    results.set(bareStep.id, medianRun(bareRuns));
    for (const step of appSteps) if (!results.has(step.id)) results.set(step.id, await measure(step));
    const rows = plan.map((step) => results.get(step.id));

    async function measure({ id, name, url, headers, target, randomId, rss, status, skip, pid = serverPid }) {
      if (skip) return { id, name, target, error: skip };
      try {
        const cpuBefore = cpuSeconds(pid);
        const { result, peak } = await peakRss(pid, () => autocannon(root, url, headers, SECONDS, { randomId }));
        // The server's own CPU time per answer: a figure that does not depend on how fast the load
        // generator, sharing the machine's cores, reads the answers.
        const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total);
        // Answers with the expected status (404 for unknown addresses) are not errors.
        const expected = status ? (result.statusCodeStats?.[status]?.count ?? 0) : 0;
        const unexpected = result.non2xx - expected + (status ? result['2xx'] : 0);
        const row = { id, name, target, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + unexpected, cpuUs };
        if (rss) row.peakRssMiB = peak;
        log(
          `throughput ${name}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, server CPU ${cpuUs.toFixed(0)} µs/req, errors ${row.errors}${rss ? `, peak RSS ${peak.toFixed(0)} MiB` : ''}`,
        );
        return row;
      } catch (error) {
        log(`throughput ${name}: ${error.message}`);
        return { id, name, target, error: error.message };
      }
    }
    /** The yardstick's req/s around a row: the mean of the bare runs just before and after it. */
    const bareRpsAround = (id) => {
      const around = (bareAround.get(id) ?? [results.get(bareStep.id)]).filter((run) => run.rps !== undefined);
      return around.length ? around.reduce((sum, run) => sum + run.rps, 0) / around.length : null;
    };
    const share = (row) => {
      const bareRps = bareRpsAround(row.id);
      return bareRps && row.rps !== undefined ? row.rps / bareRps : null;
    };
    const page = rows.find((row) => row.id === 'page');
    for (const row of rows) {
      row.share = row.id === 'bare' ? 1 : share(row);
      // The 404 page against the cached page, each as a share of the yardstick of its own moment.
      if (row.id === 'notFound') row.notFoundShare = page && row.share !== null && share(page) ? row.share / share(page) : null;
    }
    rows[0].runs = bareRuns.map((run) => run.rps);
    return { rows, workers: WORKERS, seconds: SECONDS };
  } finally {
    bare.kill('SIGTERM');
    await new Promise((resolve) => (bare.exitCode !== null ? resolve() : bare.once('exit', resolve)));
  }
}
