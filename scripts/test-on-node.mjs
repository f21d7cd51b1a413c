// The unit and server tests on another Node major (22, 24), from a machine that runs Node 20 (CI: .ci/run
// sets TEST_NODES="22 24" and npm test runs this once for each). Usage:
// node scripts/test-on-node.mjs <major> <vitest-report.json>
//
// - That Node comes from npm: the package node-<platform>-<arch>@<major> holds the binary and its C headers.
// - better-sqlite3 is compiled against those headers, into a folder of its own: the project's own
//   node_modules (built for the Node that installed them) stay untouched.
// - The tests run in a copy of the project whose node_modules link to the project's packages, except
//   better-sqlite3, which is built for that Node.
// Downloads and the build are kept in the system's temporary folder and reused by later runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, reportArg] = process.argv.slice(2);
const NODE_MAJOR = Number(major);
if (!Number.isInteger(NODE_MAJOR) || !reportArg) throw new Error('usage: node scripts/test-on-node.mjs <major> <vitest-report.json>');
// The tests run in a copy of the project: a relative path means the caller's folder, not the copy's.
const report = resolve(reportArg);
const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(tmpdir(), `schoolbox-node${NODE_MAJOR}`);
const say = (line) => process.stdout.write(`[node ${NODE_MAJOR}] ${line}\n`);
const step = (what, action) => {
  const startedAt = performance.now();
  const result = action();
  say(`${what} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
  return result;
};

/** The Node binary and headers, installed from npm on first use. */
function installNode() {
  const pkg = `node-${process.platform}-${process.arch}`;
  const home = join(work, 'node', 'node_modules', pkg);
  const binary = join(home, 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(join(work, 'node'), { recursive: true });
    writeFileSync(join(work, 'node', 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', `${pkg}@${NODE_MAJOR}`], {
      cwd: join(work, 'node'),
      stdio: 'inherit',
    });
  }
  const version = execFileSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  return { home, binary, version };
}

/** node-gyp as npm ships it (npm builds native modules with it). */
function nodeGyp() {
  const npmDirs = [
    process.env.npm_execpath && dirname(dirname(process.env.npm_execpath)),
    join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm'),
  ];
  for (const dir of npmDirs.filter(Boolean)) {
    const script = join(dir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    if (existsSync(script)) return script;
  }
  throw new Error("node-gyp not found: it comes with npm (npm's node_modules/node-gyp)");
}

/** better-sqlite3 compiled for that Node (from the sources in the project's copy of the package). */
function buildBetterSqlite(node) {
  const source = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const target = join(work, 'build', `better-sqlite3-${version}-${node.version}`);
  if (existsSync(join(target, 'build', 'Release', 'better_sqlite3.node'))) return target;
  rmSync(target, { recursive: true, force: true });
  const leftOut = [join(source, 'build'), join(source, 'node_modules')];
  cpSync(source, target, { recursive: true, filter: (path) => !leftOut.some((dir) => path === dir || path.startsWith(`${dir}/`)) });
  const env = { ...process.env, npm_config_nodedir: node.home, PATH: `${dirname(node.binary)}:${process.env.PATH}` };
  const result = spawnSync(node.binary, [nodeGyp(), 'rebuild', '--release', `--nodedir=${node.home}`, '--jobs=max'], {
    cwd: target,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(target, { recursive: true, force: true });
    throw new Error(`compiling better-sqlite3 for Node ${node.version} failed`);
  }
  return target;
}

const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', '.test-summary', 'test-results', 'playwright-report']);

/** A copy of the project whose node_modules are links to the project's, but for better-sqlite3. */
function prepareProject(betterSqlite) {
  const app = join(work, 'app');
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  for (const entry of readdirSync(root)) if (!SKIPPED.has(entry)) cpSync(join(root, entry), join(app, entry), { recursive: true });
  const modules = join(app, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    // Caches (.vite, .cache) start empty in the copy instead of being shared with the project.
    if (entry === 'better-sqlite3' || (entry.startsWith('.') && entry !== '.bin')) continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  // A real folder inside the copy's node_modules, so its own imports (bindings) resolve there.
  cpSync(betterSqlite, join(modules, 'better-sqlite3'), { recursive: true });
  return app;
}

const node = step('Node from npm', installNode);
say(`Node ${node.version}`);
const betterSqlite = step('better-sqlite3 compiled for it (reused when already built)', () => buildBetterSqlite(node));
const app = step('project copied', () => prepareProject(betterSqlite));

const vitest = join(app, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(node.binary, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  cwd: app,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${dirname(node.binary)}:${process.env.PATH}`, TEST_DATABASE_URL: '' },
});
process.exit(result.status ?? 1);
