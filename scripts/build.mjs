// npm run build: the production bundle (dist/client and dist/server).
import { buildAll } from './build-lib.mjs';

const started = Date.now();
await buildAll();
process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
