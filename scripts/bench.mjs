// npm run bench: the production server's numbers, side by side in one run on this machine (targets
// belong here, not in timed tests; DESIGN §8 and issues 7 and 11):
// - Lighthouse (mobile defaults, Debian's Chromium) for /, /blog, a post and /color-theme in de, en and
//   fr, and for a plain static page served by the same process as the limit;
// - the JavaScript and CSS (gzip) the start page downloads;
// - throughput and p99 latency at 50 connections (autocannon) of a bare Hono handler in the same
//   process, /healthz, a cached page and the public blog list;
// - start-up time and memory (RSS) after start and after the load;
// - the donations (scripts/bench-donations.mjs): the donate click against a fake Stripe with 100 ms of
//   latency, and webhook events per second with exactly-once recording.
// BENCH_ONLY=donations runs only the last part.
// Environment: BENCH_LH_RUNS (Lighthouse runs per page, median; default 1), BENCH_SECONDS (per load
// test; default 8), CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { donationBenchmarks, donationReport } from './bench-donations.mjs';
import { ensureBuilt, root } from './build-lib.mjs';

const PORT = 4390;
const BARE_PORT = 4391;
const base = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const TARGETS = {
  performance: 0.95,
  lcpMs: 1500,
  cls: 0.02,
  jsKiB: 130,
  cachedShare: 0.5,
  blogListShare: 0.5,
  healthShare: 0.7,
  p99Ms: 20,
  rssMiB: 150,
};

ensureBuilt();

if (process.env.BENCH_ONLY === 'donations') {
  process.stdout.write(`${donationReport(await donationBenchmarks(root)).join('\n')}\n`);
  process.exit(0);
}

// The limit: a plain page of about the same text, no script, served by the same process.
const staticPage = join(root, 'dist', 'client', 'bench-static.html');
writeFileSync(
  staticPage,
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SchoolBox</title></head><body><h1>Eine Schule in der Box</h1>${'<p>SchoolBox verwandelt einen Seecontainer in ein voll ausgestattetes Klassenzimmer: mit Solarstrom, Satelliteninternet und digitalen Lernmitteln.</p>'.repeat(12)}</body></html>`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-'));
const started = performance.now();
const server = spawn(process.execPath, [join(root, 'scripts', 'bench-server.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    BENCH_BARE_PORT: String(BARE_PORT),
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`,
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const startupMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 500));
const rssAfterStart = readRss(server.pid);

try {
  const post = /<loc>[^<]*\/blog\/([^<?]+)<\/loc>/.exec(await (await fetch(`${base}/sitemap.xml`)).text())?.[1];
  const downloads = await startPageDownloads();
  const lighthouseRows = await lighthouseTable(['/', '/blog', `/blog/${post}`, '/color-theme']);
  const load = await loadTable();
  const rssAfterLoad = readRss(server.pid);
  const donations = await donationBenchmarks(root);
  report({ downloads, lighthouseRows, load, rssAfterLoad, donations });
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(staticPage, { force: true });
}

function readRss(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** Every script and stylesheet the start page loads (until the network is quiet), gzip-compressed. */
async function startPageDownloads() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ locale: 'de-DE' });
  const bodies = { script: [], stylesheet: [] };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type in bodies) bodies[type].push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await browser.close();
  const sum = async (list) => (await Promise.all(list)).reduce((total, size) => total + size, 0) / 1024;
  return {
    jsKiB: await sum(bodies.script),
    jsFiles: bodies.script.length,
    cssKiB: await sum(bodies.stylesheet),
    cssFiles: bodies.stylesheet.length,
  };
}

async function lighthouseTable(paths) {
  const rows = [];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const pages = [
    ...['de', 'en', 'fr'].flatMap((lang) => paths.map((path) => ({ path, lang }))),
    { path: '/bench-static.html', lang: null },
  ];
  for (const { path, lang } of pages) {
    const runs = [];
    for (let run = 0; run < LH_RUNS; run++)
      runs.push(await lighthouseRetried(`${base}${path}${lang ? `${path.includes('?') ? '&' : '?'}lang=${lang}` : ''}`, lang ?? 'de'));
    rows.push({
      page: lang ? `${path} (${lang})` : 'plain static page',
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      cls: median(runs.map((r) => r.cls)),
      tbt: median(runs.map((r) => r.tbt)),
    });
  }
  return rows;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated, twice at most. */
async function lighthouseRetried(url, lang, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, lang);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`(${error.message}; running it again)`);
    }
  }
}

/** One Lighthouse run in a Chromium of its own (reusing one for several runs breaks its traces). */
async function lighthouseRun(url, lang) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // Headless Chromium ignores --lang; --accept-lang sets the language a page is asked for.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--accept-lang=${lang}`,
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const audits = result.lhr.audits;
    return {
      score: result.lhr.categories.performance.score,
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function loadTable() {
  const run = (url, headers = {}) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  const blogList = `${base}/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({}))}`;
  await run(`${base}/`, { 'accept-encoding': 'br' }); // warm the page cache and the JIT
  const rows = {
    'bare Hono handler': await run(`http://127.0.0.1:${BARE_PORT}/`),
    'GET /healthz': await run(`${base}/healthz`),
    'GET / (cached page, br)': await run(`${base}/`, { 'accept-encoding': 'br' }),
    'GET blog.list': await run(blogList, { 'accept-encoding': 'br' }),
  };
  return Object.fromEntries(
    Object.entries(rows).map(([name, r]) => [name, { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx }]),
  );
}

function report({ downloads, lighthouseRows, load, rssAfterLoad, donations }) {
  const bare = load['bare Hono handler'].rps;
  const mark = (ok) => (ok ? 'ok  ' : 'MISS');
  const lines = [];
  lines.push(
    `Node ${process.version}; Lighthouse ${LH_RUNS} run(s) per page (median), mobile defaults; load: ${CONNECTIONS} connections, ${SECONDS} s each, client on the same machine`,
  );
  lines.push('');
  lines.push('Lighthouse                      performance   LCP (ms)   CLS     TBT (ms)');
  for (const row of lighthouseRows) {
    const ok = row.page === 'plain static page' || (row.score >= TARGETS.performance && row.lcp <= TARGETS.lcpMs && row.cls <= TARGETS.cls);
    lines.push(
      `${mark(ok)} ${row.page.padEnd(28)} ${row.score.toFixed(2).padStart(8)}   ${row.lcp.toFixed(0).padStart(8)}   ${row.cls.toFixed(3)}   ${row.tbt.toFixed(0).padStart(6)}`,
    );
  }
  lines.push(`     targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}`);
  lines.push('');
  lines.push(
    `${mark(downloads.jsKiB <= TARGETS.jsKiB)} JavaScript downloaded by /: ${downloads.jsKiB.toFixed(1)} KiB gzip in ${downloads.jsFiles} files (target ≤ ${TARGETS.jsKiB})`,
  );
  lines.push(`     CSS downloaded by /:        ${downloads.cssKiB.toFixed(1)} KiB gzip in ${downloads.cssFiles} files`);
  lines.push('');
  lines.push('Throughput                       req/s    share of bare   p99 (ms)   errors');
  const shareTargets = {
    'GET /healthz': TARGETS.healthShare,
    'GET / (cached page, br)': TARGETS.cachedShare,
    'GET blog.list': TARGETS.blogListShare,
  };
  for (const [name, row] of Object.entries(load)) {
    const share = row.rps / bare;
    const target = shareTargets[name];
    const ok = target === undefined || (share >= target && row.p99 <= TARGETS.p99Ms && row.errors === 0);
    lines.push(
      `${mark(ok)} ${name.padEnd(27)} ${row.rps.toFixed(0).padStart(7)}   ${(share * 100).toFixed(0).padStart(6)} %${target ? ` (≥ ${target * 100} %)` : '         '}   ${String(row.p99).padStart(5)}   ${row.errors}`,
    );
  }
  lines.push(`     p99 target ≤ ${TARGETS.p99Ms} ms`);
  lines.push('');
  lines.push(`     start-up until /healthz answers: ${startupMs.toFixed(0)} ms (process spawn included)`);
  lines.push(
    `${mark(rssAfterStart <= TARGETS.rssMiB)} memory (RSS) after start: ${rssAfterStart.toFixed(1)} MiB (target ≤ ${TARGETS.rssMiB})`,
  );
  lines.push(`     memory (RSS) after the load: ${rssAfterLoad.toFixed(1)} MiB`);
  lines.push('');
  lines.push(...donationReport(donations));
  process.stdout.write(`${lines.join('\n')}\n`);
}
