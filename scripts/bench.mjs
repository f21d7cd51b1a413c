// npm run bench: the production build's numbers, side by side in one table with their targets (targets
// belong here, not in timed tests; DESIGN §8, issues 7, 11, 18 and 19). The parts, each in
// scripts/bench-<part>.mjs:
// - interaction: on a mid-range phone profile, when the content shows and when the first click works
//   ("Mehr", the phone menu, a form button on /, /blog, /contact and /auth);
// - lighthouse: mobile defaults on the public pages in de, en and fr, with the JavaScript each downloads,
//   and a plain static page served by the same process as the limit; loaded over HTTPS and HTTP/2 through
//   a reverse proxy as a deployment serves them (bench-https-proxy.mjs, ADR 051; it needs `openssl`),
//   and the start page once more from the app itself over HTTP/1.1 for comparison;
// - throughput: req/s and p99 at 50 connections from autocannon in its own process (bodies counted, not
//   decoded: bench-autocannon.mjs), and the server's CPU time per answer, against a
//   bare Hono handler in its own process (measured again just before and after each row whose target is a
//   share of it, since the machine's speed drifts): /healthz, blog.list, a cached page with brotli and without
//   compression (with the server's peak RSS), a new unknown address per request (the 404 page), a
//   signed-in visitor's pages (issue 21) and a shared link with a new `fbclid` each time (ADR 052);
//   start-up time and memory (RSS) of the server;
// - donations: the donate click against a fake Stripe with 100 ms latency, webhook events per second
//   with exactly-once recording;
// - article: Lighthouse mobile on a post whose picture an admin uploaded (a photo-like 2400×1600 JPEG),
//   with the bytes of the LCP picture on a 412 px phone, through the same proxy. It runs last on the
//   server: the post it adds would change the other parts' pages (the post Lighthouse measures, /blog).
// - backup: `npm run cli -- backup` and `restore` of a SQLite database with 10,000 posts and 1,000
//   pictures, each a process of the compiled CLI (scripts/bench-backup.mjs).
// Environment: BENCH_ONLY (a part or a comma-separated list; default all), BENCH_LH_ROUTES (core, the
// default: /, /blog, a post and /color-theme; all: every public page, ≈ 50 s a page in three languages;
// or a comma-separated list of paths),
// BENCH_LH_RUNS (median of, in the lighthouse and article parts; default 1), BENCH_INTERACTION_RUNS
// (default 3), BENCH_SECONDS (per load test; default 8), BENCH_WORKERS (autocannon's), BENCH_PORT
// (default 4700; it and the next two are used), CHROMIUM_PATH (default /usr/bin/chromium). Only the
// figures' text goes to stdout; progress to stderr. A missed target is reported, not an error: the
// bench fails only when it cannot run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTICLE_TARGETS, PHONE_WIDTH_PX, articleBenchmark } from './bench-article.mjs';
import { BACKUP_BENCH_SIZE, BACKUP_TARGETS, backupBenchmark } from './bench-backup.mjs';
import { donationBenchmarks, donationRows } from './bench-donations.mjs';
import { INTERACTION_TARGET_GAP_MS, PHONE_PROFILE, interactionBenchmarks } from './bench-interaction.mjs';
import { startHttpsProxy } from './bench-https-proxy.mjs';
import { LIGHTHOUSE_TARGETS, lighthouseBenchmarks, publicRoutes } from './bench-lighthouse.mjs';
import { renderTable, seconds } from './bench-table.mjs';
import { CONNECTIONS, THROUGHPUT_TARGETS, throughputBenchmarks } from './bench-throughput.mjs';
import { ensureBuilt, root } from './build-lib.mjs';

const PARTS = ['interaction', 'lighthouse', 'throughput', 'donations', 'article', 'backup'];
const only = (process.env.BENCH_ONLY ?? PARTS.join(',')).split(',').map((part) => part.trim());
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const wants = (part) => only.includes(part);
const PORT = Number(process.env.BENCH_PORT ?? 4700);
const base = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 1);
const LH_ROUTES = process.env.BENCH_LH_ROUTES ?? 'core';
const RSS_TARGET_MIB = 150;
const log = (line) => process.stderr.write(`${line}\n`);

ensureBuilt();
const benchStarted = performance.now();
const loadAtStart = loadavg()[0];
const sections = [];

if (wants('interaction') || wants('lighthouse') || wants('throughput') || wants('article')) await withServer(appParts);
if (wants('donations')) {
  log('donations…');
  sections.push(await part('Donations', () => donationBenchmarks(root).then(donationRows)));
}
if (wants('backup')) {
  log('backup and restore…');
  sections.push(await part('Backup', backupSection));
}

const minutes = ((performance.now() - benchStarted) / 60_000).toFixed(1);
process.stdout.write(
  `SchoolBox bench — Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown model'}), load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end, ${minutes} min. Other work on the machine slows every figure; compare runs on an idle machine.\n\n${renderTable(sections)}\n`,
);

async function backupSection() {
  const row = await backupBenchmark(root, { log });
  const { posts, pictures, variantKB } = BACKUP_BENCH_SIZE;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
  return {
    title: `Backup and restore (SQLite, ${posts.toLocaleString('en')} posts, ${pictures.toLocaleString('en')} pictures of ${variantKB.join('+')} KB variants), each a process of the compiled CLI`,
    rows: [
      {
        ok: row.backupMs <= BACKUP_TARGETS.backupMs,
        item: 'npm run cli -- backup',
        measured: `${seconds(row.backupMs)} (database ${mb(row.databaseBytes)} → archive ${mb(row.archiveBytes)})`,
        target: `≤ ${seconds(BACKUP_TARGETS.backupMs)}`,
      },
      {
        ok: row.restoreMs <= BACKUP_TARGETS.restoreMs,
        item: 'npm run cli -- restore (empty database)',
        measured: `${seconds(row.restoreMs)} (${row.posts} posts, ${mb(row.pictureBytes)} of pictures, checked)`,
        target: `≤ ${seconds(BACKUP_TARGETS.restoreMs)}`,
      },
    ],
  };
}

/** Runs one part; when it fails, its section says so in one row instead of stopping the bench. */
async function part(title, run) {
  try {
    return await run();
  } catch (error) {
    log(error.stack);
    return { title, rows: [{ ok: null, item: 'n/a', measured: error.message.split('\n')[0] }] };
  }
}

/** The production server on its own SQLite file, with a plain static page beside it as Lighthouse's limit. */
async function withServer(run) {
  const staticPage = join(root, 'dist', 'client', 'bench-static.html');
  writeFileSync(
    staticPage,
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SchoolBox</title></head><body><h1>Eine Schule in der Box</h1>${'<p>SchoolBox verwandelt einen Seecontainer in ein voll ausgestattetes Klassenzimmer: mit Solarstrom, Satelliteninternet und digitalen Lernmitteln.</p>'.repeat(12)}</body></html>`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-'));
  const started = performance.now();
  // Its own folder as the working directory, should anything be written to ./data.
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`,
    LOG_LEVEL: 'error',
  };
  const server = spawn(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startupMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // env: for a command of the operators' CLI on the same database (the article part's admin).
    await run({ server, env, startupMs, rssAfterStart: readRss(server.pid), staticPath: '/bench-static.html' });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticPage, { force: true });
  }
}

async function appParts({ server, env, startupMs, rssAfterStart, staticPath }) {
  if (wants('interaction')) {
    log('interaction…');
    sections.push(await part('Interaction', interactionSection));
  }
  // Lighthouse loads the pages as a visitor of a deployment does: over HTTPS and HTTP/2 from the reverse
  // proxy in front of the app (ADR 051); the app itself speaks HTTP/1.1.
  const proxy = wants('lighthouse') || wants('article') ? await startHttpsProxy(base) : null;
  try {
    if (wants('lighthouse')) {
      log(`lighthouse (${LH_ROUTES} routes, through ${proxy.origin})…`);
      sections.push(await part('Lighthouse', () => lighthouseSection(proxy.origin, staticPath)));
    }
    if (wants('throughput')) {
      log('throughput…');
      sections.push(await part('Throughput', () => throughputSection(server, env, startupMs, rssAfterStart)));
    }
    if (wants('article')) {
      log('article with an uploaded picture…');
      sections.push(await part('Article', () => articleSection(proxy.origin, env)));
    }
  } finally {
    await proxy?.close();
  }
}

async function interactionSection() {
  const rows = await interactionBenchmarks(base, { chromiumPath: CHROMIUM, log });
  const { cpuSlowdown, downKbit, upKbit, rttMs } = PHONE_PROFILE;
  return {
    title: `Interaction, mid-range phone (${cpuSlowdown}× CPU, ${downKbit / 1000} Mbit/s down, ${upKbit / 1000} up, ${rttMs} ms RTT), median of ${rows[0]?.runs} runs; times from navigation start`,
    rows: rows.map((row) => {
      const item = `${row.path} ${row.label} (${row.viewport})`;
      const target = `click ≤ FCP + ${seconds(INTERACTION_TARGET_GAP_MS)}`;
      if (row.gap === null) return { ok: null, item, measured: `n/a: ${row.errors.join('; ') || 'no run succeeded'}`, target };
      const failed = row.errors.length ? ` [${row.errors.length} run(s) failed: ${row.errors[0]}]` : '';
      return {
        ok: row.gap <= INTERACTION_TARGET_GAP_MS,
        item,
        measured: `visible FCP ${seconds(row.fcp)}, LCP ${seconds(row.lcp)}; first working click ${seconds(row.click)} = FCP + ${seconds(row.gap)} (click ${row.taps}; taps from FCP + ${seconds(row.tapsFrom)}; shown +${seconds(row.effectDelay)}: ${row.reasons.join(' / ')})${failed}`,
        target,
      };
    }),
    note: "FCP and LCP: untouched loads. Other loads: a tap about every 50 ms from the first paint; the first that had an effect, its time after that load's FCP, which click the page handled it as, when the taps began (the bench hears of the paint once the page's main thread is free) and when the effect showed.",
  };
}

async function lighthouseSection(origin, staticPath) {
  const paths = await publicRoutes(base, LH_ROUTES);
  const rows = await lighthouseBenchmarks(base, { origin, paths, staticPath, runs: LH_RUNS, chromiumPath: CHROMIUM, log });
  // For comparison with the figures before ADR 051: the start page from the app itself, over HTTP/1.1.
  const direct = await lighthouseBenchmarks(base, { paths: ['/'], languages: ['de'], runs: LH_RUNS, chromiumPath: CHROMIUM, log });
  const t = LIGHTHOUSE_TARGETS;
  const indexes = [...rows, ...direct].flatMap((row) => row.benchmarkIndexes ?? []);
  return {
    note: indexes.length
      ? `Lighthouse's benchmarkIndex of this host (its CPU; higher is faster, the simulated phone's TBT grows as it falls): ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)} over ${indexes.length} runs.`
      : undefined,
    title: `Lighthouse mobile (simulated slow 4G, 4× CPU) over HTTPS and HTTP/2 through a reverse proxy, as deployed (ADR 051), ${LH_RUNS} run(s) per page (median), ${LH_ROUTES} routes (BENCH_LH_ROUTES=all|core|/a,/b); JS = scripts in Lighthouse's network log, gzip -9`,
    rows: [...rows, ...direct.map((row) => ({ ...row, isDirect: true }))].map((row) => {
      if (row.isDirect) {
        const item = `${row.path} (${row.lang}) from the app itself`;
        if (row.error) return { ok: undefined, item, measured: `n/a: ${row.error}`, target: '' };
        return {
          ok: undefined,
          item,
          measured: `perf ${row.score.toFixed(2)}, TBT ${row.tbt.toFixed(0).padStart(4)} ms, LCP ${seconds(row.lcp)}, CLS ${row.cls.toFixed(3)} over ${row.protocol} (for comparison; no target)`,
          target: '',
        };
      }
      const item = row.lang ? `${row.path} (${row.lang})` : 'plain static page (the limit)';
      const isPost = row.path.startsWith('/blog/');
      const target = `≥ ${t.performance}, ≤ ${t.tbtMs} ms, ≤ ${seconds(t.lcpMs)}, ≤ ${t.cls}, ≤ ${t.jsKiB} KiB in ≤ ${t.jsFiles}${isPost ? `, SEO ≥ ${t.postSeo.toFixed(2)}` : ''}`;
      if (row.error) return { ok: null, item, measured: `n/a: ${row.error}`, target: row.lang ? target : '' };
      const ok =
        row.score >= t.performance &&
        row.tbt <= t.tbtMs &&
        row.lcp <= t.lcpMs &&
        row.cls <= t.cls &&
        row.jsKiB <= t.jsKiB &&
        row.jsFiles <= t.jsFiles &&
        (!isPost || row.seo >= t.postSeo);
      return {
        ok: row.lang ? ok : undefined,
        item,
        measured: `perf ${row.score.toFixed(2)}, TBT ${row.tbt.toFixed(0).padStart(4)} ms, LCP ${seconds(row.lcp)}, CLS ${row.cls.toFixed(3)}, JS ${row.jsKiB.toFixed(1).padStart(5)} KiB in ${String(row.jsFiles).padStart(3)} files, SEO ${row.seo.toFixed(2)}${row.seoFailed.length ? ` (${row.seoFailed.join(', ')})` : ''}`,
        target: row.lang ? target : '',
      };
    }),
  };
}

async function articleSection(origin, serverEnv) {
  const row = await articleBenchmark(base, { origin, root, serverEnv, runs: LH_RUNS, chromiumPath: CHROMIUM, log });
  const t = ARTICLE_TARGETS;
  // The LCP request counts only when it is the post's picture (a variant under its address), not the logo.
  const picture = row.lcpImage?.url.startsWith(`${origin}${row.pictureUrl}/`) ? row.lcpImage : null;
  // kB of 1000 bytes, as the issue's 60 KB; transferSize: what came over the wire, headers included.
  const pictureKB = picture ? picture.transferSize / 1000 : null;
  const chosen = picture ? picture.url.slice(picture.url.lastIndexOf('/') + 1) : null;
  return {
    title: `Article with an uploaded picture (photo-like 2400×1600 JPEG): Lighthouse mobile (${PHONE_WIDTH_PX} px wide, simulated slow 4G, 4× CPU) over HTTPS and HTTP/2 (ADR 051), ${LH_RUNS} run(s) (median)`,
    rows: [
      {
        ok: row.score >= t.performance && row.lcp <= t.lcpMs && row.seo >= t.seo,
        item: `${row.path} (de)`,
        measured: `perf ${row.score.toFixed(2)}, TBT ${row.tbt.toFixed(0)} ms, LCP ${seconds(row.lcp)}, CLS ${row.cls.toFixed(3)}, SEO ${row.seo.toFixed(2)}${row.seoFailed.length ? ` (${row.seoFailed.join(', ')})` : ''}`,
        target: `≥ ${t.performance}, LCP ≤ ${seconds(t.lcpMs)}, SEO ≥ ${t.seo.toFixed(2)}`,
      },
      picture
        ? {
            ok: pictureKB <= t.pictureKB,
            item: 'its LCP picture as downloaded',
            measured: `${pictureKB.toFixed(1)} kB transferred (${(picture.resourceSize / 1000).toFixed(1)} kB file): ${chosen}`,
            target: `≤ ${t.pictureKB} kB`,
          }
        : {
            ok: false,
            item: 'its LCP picture as downloaded',
            measured: `the LCP element is not the post's picture but ${row.lcpImage?.url ?? 'no picture'}`,
            target: `≤ ${t.pictureKB} kB`,
          },
    ],
    note: 'TBT and CLS for information (the score weighs them). The picture: the variant the browser chose from srcset/sizes, as Lighthouse names the LCP request.',
  };
}

async function throughputSection(server, serverEnv, startupMs, rssAfterStart) {
  const {
    rows,
    workers,
    seconds: duration,
  } = await throughputBenchmarks(root, base, {
    barePort: PORT + 1,
    serverPid: server.pid,
    serverEnv,
    log,
  });
  const rssAfterLoad = readRss(server.pid);
  const t = THROUGHPUT_TARGETS;
  // Each row's target (issue 21) and whether it holds.
  const targets = {
    identity: [`RSS ≤ ${t.identityRssMiB} MiB, no errors`, (row) => row.peakRssMiB <= t.identityRssMiB && row.errors === 0],
    notFound: [
      `≥ ${(t.notFoundShare * 100).toFixed(0)} % of the cached page, all 404`,
      (row) => row.notFoundShare >= t.notFoundShare && row.errors === 0,
    ],
    signedIn: [`≥ ${t.signedInRps} req/s, no errors`, (row) => row.rps >= t.signedInRps && row.errors === 0],
  };
  return {
    title: `Throughput: autocannon CLI in its own process (${workers} workers), ${CONNECTIONS} connections, ${duration} s each, on the same machine`,
    rows: [
      ...rows.map((row) => {
        const [target, holds] =
          targets[row.id] ??
          (row.target
            ? [
                `≥ ${(row.target * 100).toFixed(0)} % of bare, p99 ≤ ${t.p99Ms} ms, no errors`,
                (r) => r.share >= r.target && r.p99 <= t.p99Ms && r.errors === 0,
              ]
            : ['', undefined]);
        if (row.error) return { ok: null, item: row.name, measured: `n/a: ${row.error}`, target };
        const share =
          row.share === null || row.id === 'bare' || row.id === 'signedIn' || row.id === 'ownPage'
            ? ''
            : `, ${(row.share * 100).toFixed(0)} % of bare`;
        const notFoundShare =
          row.notFoundShare === undefined || row.notFoundShare === null
            ? ''
            : `, ${(row.notFoundShare * 100).toFixed(0)} % of the cached page`;
        const rss = row.peakRssMiB === undefined ? '' : `, peak RSS ${row.peakRssMiB.toFixed(0)} MiB`;
        const runs = row.runs
          ? ` (the median of ${row.runs.length} runs, one before each paired row and one after the last: ${row.runs.map((rps) => (rps / 1000).toFixed(1)).join(', ')}k)`
          : '';
        return {
          ok: holds ? holds(row) : undefined,
          item: row.name,
          measured: `${row.rps.toFixed(0).padStart(6)} req/s${share}${notFoundShare}, p99 ${row.p99} ms, server CPU ${row.cpuUs.toFixed(0)} µs/answer, errors ${row.errors}${rss}${runs}`,
          target,
        };
      }),
      { item: 'start-up until /healthz answers', measured: `${startupMs.toFixed(0)} ms (process spawn included)` },
      {
        ok: rssAfterStart <= RSS_TARGET_MIB,
        item: 'memory (RSS) after start',
        measured: `${rssAfterStart.toFixed(1)} MiB`,
        target: `≤ ${RSS_TARGET_MIB} MiB`,
      },
      { item: 'memory (RSS) after the load', measured: `${rssAfterLoad.toFixed(1)} MiB` },
    ],
  };
}

function readRss(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}
