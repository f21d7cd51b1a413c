// npm run cli -- <command>: the operator commands, from the same compiled bundle as the server.
import { ensureBuilt } from './build-lib.mjs';

ensureBuilt();
await import(new URL('../dist/server/cli.js', import.meta.url).href);
