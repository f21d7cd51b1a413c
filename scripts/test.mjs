// npm test: everything, in the order a reader would check it — lint and format, types, translations, unit and server
// tests (SQLite, then PostgreSQL when one answers, then Node 22 and 24 when asked for), the production build,
// the tests of the built server, then the browser tests against that build. Each step shows how long it
// took. Ends with one line "N passed, N failed" counting tests (a check that is a whole step, such as
// the typecheck, counts as one), also written to .test-summary/summary.txt for .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const summaryDir = join(root, '.test-summary');
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each failed test by name, with the first line of its error, listed again at the end: CI shows only the log's tail. */
const failedTests = [];
/** Every step as it ran: title, outcome and seconds, for the table at the end. */
const steps = [];

const seconds = (startedAt) => (performance.now() - startedAt) / 1000;

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title}\n`);
  const startedAt = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, took: seconds(startedAt) };
}

function record(title, outcome, took) {
  steps.push({ title, outcome, took });
  process.stdout.write(`=== ${title}: ${outcome}${took === undefined ? '' : ` (${took.toFixed(1)} s)`}\n`);
}

/** A step that is one check: it passes or fails as a whole. */
function single(title, command, args) {
  const { ok, took } = run(title, command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failedSteps.push(title);
  record(title, ok ? 'passed' : 'failed', took);
  return ok;
}

/** A step whose runner reports its own counts in a JSON file. */
function counted(title, command, args, reportFile, count, env = {}) {
  rmSync(reportFile, { force: true });
  const { ok, took } = run(title, command, args, env);
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : null;
  const counts = report ? count(report) : { passed: 0, failed: 0, skipped: 0 };
  // A runner that failed without reporting a failure (a crash, a config error) still counts as one.
  if (!ok && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  for (const failure of counts.failures ?? []) failedTests.push(`${title}: ${failure}`);
  if (!ok) failedSteps.push(title);
  record(title, `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`, took);
  return ok;
}

function skipped(title, why) {
  totals.skipped += 1;
  record(title, `skipped: ${why}`);
}

/**
 * Vitest's JSON report, counted by test: each failed test once (numFailedTestSuites would count its
 * file and every describe block around it again), plus once each test file that failed without a
 * failed test in it (it did not load, or a beforeAll hook threw and its tests were skipped).
 */
function vitestCounts(report) {
  const failedFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  const failedInFiles = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${testFile(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedFiles.length,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    failures: [...failedInFiles, ...failedFiles.map((file) => `${testFile(file.name)}: ${firstLine(file.message)}`)],
  };
}

/** Playwright's JSON report: each test that failed on every try (a flaky one passed in the end). */
function playwrightCounts(report) {
  const failures = [];
  const walk = (suite, titles) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((t) => t.status === 'unexpected'))
        failures.push(
          `${spec.file}:${spec.line} [${test.projectName}] › ${[...path, spec.title].join(' › ')}: ${firstLine(test.results.at(-1)?.error?.message)}`,
        );
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // A run that failed outside any test (a web server that did not start, a spec that did not load).
  for (const error of report.errors ?? []) failures.push(firstLine(error.message));
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    failures,
  };
}

/** A test file's path from its tests/ folder on (the other Nodes' steps run in a copy of the project). */
const testFile = (path) => (path.includes('/tests/') ? path.slice(path.lastIndexOf('/tests/') + 1) : path);
const firstLine = (text) =>
  stripVTControlCharacters(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

const vitest = (report, ...args) => [
  bin('vitest'),
  ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  report,
  vitestCounts,
];

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

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const hasPostgres = await postgresReachable(postgresUrl);
const noPostgres = `no server at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}`;
const onSqlite = { TEST_DATABASE_URL: '' };
const onPostgres = { TEST_DATABASE_URL: postgresUrl };

single('Lint and format (Biome)', bin('biome'), ['check', '.']);
single('Typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']);
single('Translations complete (en, fr)', process.execPath, [join(root, 'scripts/check-translations.mjs')]);

counted('Unit and server tests on SQLite (Vitest)', ...vitest(join(summaryDir, 'vitest.json')), onSqlite);

// The same server tests once more on PostgreSQL, the scale-out engine, when a server is reachable.
if (hasPostgres)
  counted('Server tests on PostgreSQL (Vitest)', ...vitest(join(summaryDir, 'vitest-postgres.json'), 'tests/server'), onPostgres);
else skipped('Server tests on PostgreSQL', noPostgres);

// README promises Node 20 to 24: the unit and server tests run again on each major TEST_NODES names (CI's
// .ci/run: "22 24"), fetched from npm (scripts/test-on-node.mjs).
const otherNodes = new Set((process.env.TEST_NODES ?? '').split(/[\s,]+/).filter(Boolean));
for (const major of [...otherNodes].sort((a, b) => Number(a) - Number(b))) {
  const report = join(summaryDir, `vitest-node${major}.json`);
  counted(
    `Unit and server tests on Node ${major} (Vitest)`,
    process.execPath,
    [join(root, 'scripts/test-on-node.mjs'), major, report],
    report,
    vitestCounts,
    onSqlite,
  );
}

const built = single('Production build', process.execPath, [join(root, 'scripts/build.mjs')]);

if (built) {
  // What only the built bundle can show: the compiled operator CLI, as `npm run cli` runs it.
  const buildTests = (report) => vitest(report, '--config', join(root, 'tests/build/vitest.config.ts'));
  counted('Tests of the built server on SQLite (Vitest)', ...buildTests(join(summaryDir, 'vitest-build.json')), onSqlite);
  if (hasPostgres)
    counted('Tests of the built server on PostgreSQL (Vitest)', ...buildTests(join(summaryDir, 'vitest-build-postgres.json')), onPostgres);
  else skipped('Tests of the built server on PostgreSQL', noPostgres);

  counted('Browser tests (Playwright, Chromium)', bin('playwright'), ['test'], join(summaryDir, 'playwright.json'), playwrightCounts);
} else {
  totals.failed += 1;
  failedSteps.push('Tests of the built server and browser tests (not run: the build failed)');
}

process.stdout.write('\nSteps:\n');
for (const step of steps)
  process.stdout.write(
    `  ${step.title.padEnd(52)} ${(step.took === undefined ? '' : `${step.took.toFixed(1)} s`).padStart(8)}  ${step.outcome}\n`,
  );

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(summaryDir, 'summary.txt'), `${line}\n`);
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${failedTests.map((test) => `  ${test}\n`).join('')}`);
if (failedSteps.length) process.stdout.write(`\nFailed: ${failedSteps.join('; ')}\n`);
process.stdout.write(`\n${line}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
