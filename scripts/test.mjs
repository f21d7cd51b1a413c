// npm test: everything, in the order a reader would check it — types, translations, unit and server
// tests, the production build, then the browser tests against that build. Ends with one line
// "N passed, N failed" over all suites (also written to .test-summary/summary.txt for .ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const summaryDir = join(root, '.test-summary');
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(title, command, args) {
  process.stdout.write(`\n=== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function single(title, command, args) {
  const ok = run(title, command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failedSteps.push(title);
  return ok;
}

/** A step whose runner reports its own counts in a JSON file. */
function counted(title, command, args, reportFile, count) {
  const ok = run(title, command, args);
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : null;
  const counts = report ? count(report) : { passed: 0, failed: 0, skipped: 0 };
  // A runner that failed without reporting a failure (a crash, a config error) still counts as one.
  if (!ok && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  if (!ok) failedSteps.push(title);
  return ok;
}

single('Typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']);
single('Translations complete (en, fr)', process.execPath, [join(root, 'scripts/check-translations.mjs')]);

const vitestReport = join(summaryDir, 'vitest.json');
const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(r),
  skipped: r.numPendingTests + (r.numTodoTests ?? 0),
});
counted('Unit and server tests on SQLite (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], vitestReport, vitestCounts);

// The same server tests once more on PostgreSQL, the scale-out engine, when a server is reachable.
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (await postgresReachable(postgresUrl)) {
  const pgReport = join(summaryDir, 'vitest-postgres.json');
  process.env.TEST_DATABASE_URL = postgresUrl;
  counted('Server tests on PostgreSQL (Vitest)', bin('vitest'), ['run', 'tests/server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`], pgReport, vitestCounts);
  delete process.env.TEST_DATABASE_URL;
} else {
  process.stdout.write(`\n=== Server tests on PostgreSQL: skipped, no server at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}\n`);
  totals.skipped += 1;
}

const built = single('Production build', process.execPath, [join(root, 'scripts/build.mjs')]);

if (built) {
  const playwrightReport = join(summaryDir, 'playwright.json');
  counted('Browser tests (Playwright, Chromium)', bin('playwright'), ['test'], playwrightReport, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
} else {
  totals.failed += 1;
  failedSteps.push('Browser tests (not run: the build failed)');
}

async function postgresReachable(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// Vitest counts a suite that failed to load as a failed suite with no failed tests; count those once.
function countSuitesWithFailedTests(report) {
  return report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.some((a) => a.status === 'failed')).length;
}

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(summaryDir, 'summary.txt'), `${line}\n`);
if (failedSteps.length) process.stdout.write(`\nFailed: ${failedSteps.join('; ')}\n`);
process.stdout.write(`\n${line}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
