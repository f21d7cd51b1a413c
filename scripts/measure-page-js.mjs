// node scripts/measure-page-js.mjs [--files] [/path …]: the JavaScript each public page makes the browser
// download (issue 19: ≤ 130 KiB gzip in ≤ 20 files), measured on the production build served locally.
// For each route: the script files the page load fetches (Playwright's request log, until the network
// is quiet), their gzip sizes (level 9, as the build's precompressed copies) and the HTML's size.
// --files lists every file of every route. Environment: MEASURE_PORT (default 4600), CHROMIUM_PATH.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureBuilt, root } from './build-lib.mjs';

const PUBLIC_ROUTES = ['/', '/blog', '/contact', '/shop', '/about', '/support', '/auth', '/spenden', '/project', '/impressum'];
const LIMITS = { kib: 130, files: 20 };
const PORT = Number(process.env.MEASURE_PORT ?? 4600);
const base = `http://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const routes = args.filter((arg) => arg.startsWith('/'));

ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-measure-'));
const server = spawn(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), PUBLIC_URL: base, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, LOG_LEVEL: 'error' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  await waitForServer();
  const rows = [];
  for (const path of routes.length > 0 ? routes : PUBLIC_ROUTES) rows.push(await measure(path));
  report(rows);
  process.exitCode = rows.every((row) => row.kib <= LIMITS.kib && row.files.length <= LIMITS.files) ? 0 : 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let tries = 0; tries < 3000; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not start');
}

/** One fresh page (no cache) loading `path`: every script it fetched, with its gzip size. */
async function measure(path) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const files = [];
  const pending = [];
  let htmlBytes = 0;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script')
      pending.push(
        response
          .body()
          .then((body) =>
            files.push({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          ),
      );
    if (type === 'document') pending.push(response.body().then((body) => (htmlBytes = body.length)));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await Promise.all(pending);
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return { path, files, htmlBytes, kib: files.reduce((sum, file) => sum + file.gzip, 0) / 1024 };
}

function report(rows) {
  const lines = [`route          JS gzip KiB  files  HTML KB   (limits: ≤ ${LIMITS.kib} KiB, ≤ ${LIMITS.files} files)`];
  for (const row of rows) {
    const ok = row.kib <= LIMITS.kib && row.files.length <= LIMITS.files ? 'ok ' : 'OVER';
    lines.push(
      `${row.path.padEnd(14)} ${row.kib.toFixed(1).padStart(11)}  ${String(row.files.length).padStart(5)}  ${(row.htmlBytes / 1000).toFixed(1).padStart(7)}   ${ok}`,
    );
    if (listFiles) for (const file of row.files) lines.push(`    ${(file.gzip / 1024).toFixed(1).padStart(6)} KiB  ${file.url}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
