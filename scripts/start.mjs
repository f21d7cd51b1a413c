// npm start: build when the bundle is missing or older than the sources, then run the compiled server.
import { ensureBuilt, root } from './build-lib.mjs';

ensureBuilt();
process.chdir(root);
await import(new URL('../dist/server/main.js', import.meta.url).href);
