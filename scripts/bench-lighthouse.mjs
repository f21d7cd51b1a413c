// The Lighthouse part of `npm run bench`: mobile defaults (simulated throttling: 4× CPU, slow 4G), one
// Chromium per run (reusing one for several runs breaks its traces), the median of BENCH_LH_RUNS runs.
// Besides the score, TBT and LCP, each run's network log gives the JavaScript the page downloads: the
// script files and their size gzip-compressed (level 9, as dist/ is precompressed), whatever encoding
// the browser was sent — the budget of issue 19 is in gzip.
// BENCH_LH_ROUTES: `core` (default) = /, /blog, a post and /color-theme (the set of issue 11), in the three
// languages; `all` = every public page of the sitemap and one post, in de, en and fr; or a comma-separated
// list of paths (`/support,/why-schoolbox-works`), to look at a few pages again without the ≈ 50 s a page of `all`.
// Every run also scores Lighthouse's SEO category (cheap beside performance); a post must reach 1.00 (issue 20).
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_TARGETS = { performance: 0.95, tbtMs: 150, lcpMs: 1200, cls: 0.02, jsKiB: 130, jsFiles: 20, postSeo: 1 };
const LANGUAGES = ['de', 'en', 'fr'];

/** The public pages from the sitemap (each once, without its language variants) and the newest post. */
export async function publicRoutes(base, which) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1].replaceAll('&amp;', '&')).pathname);
  const unique = [...new Set(paths)];
  const post = unique.find((path) => path.startsWith('/blog/'));
  if (which === 'core') return ['/', '/blog', ...(post ? [post] : []), '/color-theme'];
  if (which.startsWith('/')) return which.split(',').map((path) => path.trim());
  if (which !== 'all') throw new Error(`BENCH_LH_ROUTES must be all, core or a list of paths, not ${which}`);
  return [...unique.filter((path) => !path.startsWith('/blog/')), ...(post ? [post] : [])];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse on each path in each of `languages` (`?lang=`), then on `staticPath` (the limit: a page
 * without script), loading the pages from `origin` (the HTTPS proxy in front of the app at `base`, or
 * `base` itself). Rows: { path, lang, score, lcp, tbt, cls, jsKiB, jsFiles, protocol } or { path, lang, error }.
 */
export async function lighthouseBenchmarks(
  base,
  { origin = base, paths, languages = LANGUAGES, staticPath, runs, chromiumPath, log = () => {} },
) {
  const gzipSizes = new Map();
  const gzipSize = async (url) => {
    // From the app itself: the same file as the browser got through the proxy.
    const { pathname, search } = new URL(url);
    if (!gzipSizes.has(url))
      gzipSizes.set(
        url,
        fetch(new URL(pathname + search, base), { headers: { 'accept-encoding': 'identity' } })
          .then((response) => response.arrayBuffer())
          .then((body) => gzipSync(Buffer.from(body), { level: 9 }).length),
      );
    return gzipSizes.get(url);
  };
  const pages = [
    ...languages.flatMap((lang) => paths.map((path) => ({ path, lang }))),
    ...(staticPath ? [{ path: staticPath, lang: null }] : []),
  ];
  const rows = [];
  for (const { path, lang } of pages) {
    const url = `${origin}${path}${lang ? `${path.includes('?') ? '&' : '?'}lang=${lang}` : ''}`;
    try {
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await lighthouseRetried(url, lang ?? 'de', chromiumPath));
      const scripts = results[0].scripts;
      const jsBytes = (await Promise.all(scripts.map(gzipSize))).reduce((sum, size) => sum + size, 0);
      const row = {
        path,
        lang,
        score: median(results.map((r) => r.score)),
        seo: median(results.map((r) => r.seo)),
        seoFailed: results[0].seoFailed,
        lcp: median(results.map((r) => r.lcp)),
        tbt: median(results.map((r) => r.tbt)),
        cls: median(results.map((r) => r.cls)),
        jsKiB: jsBytes / 1024,
        jsFiles: scripts.length,
        protocol: results[0].protocol,
        benchmarkIndexes: results.map((r) => r.benchmarkIndex),
      };
      log(
        `lighthouse ${path} (${lang ?? '-'}, ${row.protocol}): ${row.score.toFixed(2)}, SEO ${row.seo.toFixed(2)}${row.seoFailed.length ? ` (failed: ${row.seoFailed.join(', ')})` : ''}, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms, JS ${row.jsKiB.toFixed(1)} KiB / ${row.jsFiles}`,
      );
      rows.push(row);
    } catch (error) {
      log(`lighthouse ${path} (${lang ?? '-'}): ${error.message}`);
      rows.push({ path, lang, error: error.message.split('\n')[0] });
    }
  }
  return rows;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated, twice at most. */
export async function lighthouseRetried(url, lang, chromiumPath, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, lang, chromiumPath);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`(${error.message}; running it again)\n`);
    }
  }
}

async function lighthouseRun(url, lang, chromiumPath) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // Headless Chromium ignores --lang; --accept-lang sets the language a page is asked for.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // The bench's HTTPS proxy has a certificate of its own making (bench-https-proxy.mjs).
      '--ignore-certificate-errors',
      `--accept-lang=${lang}`,
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const audits = result.lhr.audits;
    const requests = audits['network-requests']?.details?.items ?? [];
    return {
      score: result.lhr.categories.performance.score,
      seo: result.lhr.categories.seo.score,
      // The SEO audits that count and did not pass, so a score below 1 says what to fix.
      seoFailed: result.lhr.categories.seo.auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => ref.id),
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      // Each script file once (a file fetched twice is one download to budget, not two).
      scripts: [...new Set(requests.filter((request) => request.resourceType === 'Script').map((request) => request.url))],
      // The protocol the page came over (h2 through the bench's proxy, http/1.1 from the app itself).
      protocol: requests.find((request) => request.resourceType === 'Document')?.protocol ?? '?',
      lcpImage: lcpImageRequest(audits, requests),
      // Lighthouse's measure of the host's CPU (higher is faster): the simulated phone multiplies the
      // host's main-thread time by 4, so TBT and the score follow the host, not only the page.
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The request of the LCP picture, { url, transferSize, resourceSize }, or null when the LCP element is
 * no picture. Lighthouse names it in prioritize-lcp-image (the first step of its initiator path): the
 * file the browser chose from a <picture>'s sources, which the element's own src (the JPEG fallback)
 * does not say.
 */
function lcpImageRequest(audits, requests) {
  const url = audits['prioritize-lcp-image']?.details?.debugData?.initiatorPath?.[0]?.url;
  const request = url && requests.find((item) => item.url === url);
  return request ? { url, transferSize: request.transferSize, resourceSize: request.resourceSize } : null;
}
