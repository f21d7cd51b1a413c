// npm run build: the production bundle (dist/client and dist/server).
import { BUILD_LOCK_HELD, buildAll, takeBuildLock } from './build-lib.mjs';

const started = Date.now();
// Run by ensureBuilt, the lock is its caller's; run by hand, it takes the lock like a start would.
const release = process.env[BUILD_LOCK_HELD] === '1' ? () => undefined : takeBuildLock();
try {
  await buildAll();
} finally {
  release();
}
process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
