// Shared by build.mjs, start.mjs and cli.mjs: is the production build current, and how to make it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, 'dist', '.build-stamp');
const SOURCES = [
  'src-client',
  'src-server',
  'src-shared',
  'migrations',
  'locales',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'vite.server.config.ts',
  'lingui.config.ts',
  'scripts/vite-shared.ts',
  'scripts/vite-route-assets.ts',
  'scripts/vite-chunk-groups.ts',
  'scripts/vite-catalog-parts.ts',
  'scripts/vite-lingui-macro.ts',
];
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/ is missing or older than any source file. */
export function isBuildStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Builds the client and the server, then writes brotli and gzip copies of every text asset. */
export async function buildAll() {
  // From here until the new stamp, the bundle is stale: a process starting meanwhile waits for the lock
  // (ensureBuilt) instead of loading a dist/ that is being emptied and written.
  rmSync(STAMP, { force: true });
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await build({ configFile: join(root, 'vite.server.config.ts'), logLevel: 'warn' });
  precompress(join(root, 'dist', 'client'));
  writeFileSync(STAMP, new Date().toISOString());
}

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = readFileSync(path);
      if (content.length < 512) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

/**
 * Builds first when the bundle is stale. The build runs in a process of its own: Vite and Rolldown
 * take hundreds of MiB, which the server (or CLI) that starts afterwards must not keep.
 */
export function ensureBuilt() {
  if (!isBuildStale()) return;
  const release = takeBuildLock();
  try {
    // Another process (a second server of a scale-out started at the same moment, the CLI) may have
    // built it while this one waited for the lock.
    if (!isBuildStale()) return;
    // Progress goes to stderr: a command's own output (say, `npm run cli -- users:list`) stays clean.
    process.stderr.write('Building the production bundle (sources changed or no build yet)…\n');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, [BUILD_LOCK_HELD]: '1' },
    });
    if (result.status !== 0) {
      release(); // process.exit skips the finally below
      process.stderr.write('The build failed; see above.\n');
      process.exit(result.status ?? 1);
    }
  } finally {
    release();
  }
}

const BUILD_LOCK = join(root, 'dist', '.build-lock');
/** Set for the build process that ensureBuilt starts while it holds the lock (build.mjs then takes none). */
export const BUILD_LOCK_HELD = 'SCHOOLBOX_BUILD_LOCK_HELD';
const BUILD_LOCK_OWNER = join(BUILD_LOCK, 'pid');

/** Older than any build takes (half a minute here): left behind whatever its pid says. */
const BUILD_LOCK_MAX_AGE_MS = 15 * 60_000;

/**
 * Whether the lock was left by a process that is gone (killed while building: Ctrl-C, a crash, a
 * container stopped). By its owner's pid, unless that cannot be its owner: this very process (a
 * container's start script has the same small pid on every start), pid 1 or none; and by age.
 */
function lockIsOrphaned() {
  let age;
  try {
    age = Date.now() - statSync(BUILD_LOCK).mtimeMs;
  } catch {
    return false; // released just now: look again
  }
  if (age > BUILD_LOCK_MAX_AGE_MS) return true;
  let pid;
  try {
    pid = Number(readFileSync(BUILD_LOCK_OWNER, 'utf8'));
  } catch {
    // Taken this instant and its owner not written yet: an owner never written within seconds died in between.
    return age > 10_000;
  }
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

/**
 * One build at a time in this checkout: processes started together (several servers of a scale-out on
 * one machine, a server and the CLI) otherwise build into the same dist/ at once, each emptying the
 * folders the other is writing. The lock is a folder (mkdir is atomic); the others wait for it to go.
 */
export function takeBuildLock() {
  mkdirSync(join(root, 'dist'), { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(BUILD_LOCK_OWNER, String(process.pid));
      return () => rmSync(BUILD_LOCK, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (lockIsOrphaned()) {
      rmSync(BUILD_LOCK, { recursive: true, force: true });
      continue;
    }
    if (!told) process.stderr.write('Waiting for another process to finish building the production bundle…\n');
    told = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}
