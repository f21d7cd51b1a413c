// Starts the fake Printful API (fake-printful.ts, the one implementation) as a process of its own,
// for browser tests that run the production server separately:
//   node tests/support/fake-printful-server.mjs [port]      (or FAKE_PRINTFUL_PORT; default: any free port)
// Optional FAKE_PRINTFUL_TOKEN and FAKE_PRINTFUL_STORE_ID. It prints one line, {"url": "http://127.0.0.1:…"},
// once it listens; steer it over HTTP under /__fake/ (faults, heal, latency, products, reset, requests, orders).
import { register } from 'tsx/esm/api';

register();
const { startFakePrintful } = await import('./fake-printful.ts');
const port = Number(process.argv[2] ?? process.env.FAKE_PRINTFUL_PORT ?? 0);
const fake = await startFakePrintful({
  port,
  token: process.env.FAKE_PRINTFUL_TOKEN || undefined,
  storeId: process.env.FAKE_PRINTFUL_STORE_ID || null,
});
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
