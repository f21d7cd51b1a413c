// The load generator of the throughput benchmark (bench-throughput.mjs), in a process of its own:
// autocannon through its API, with worker threads. Reads one job as JSON from argv[2]
// ({ url, connections, seconds, workers, headers, randomId }); prints autocannon's result as one JSON line.
//
// - `randomId`: a new id in place of `[<id>]` in every request (here: in the path, so each request asks
//   for an address never seen). The CLI cannot take such a URL (its argument parser reads the brackets
//   as sub-arguments).
// - The answers' bodies are counted, not kept (bench-autocannon-client.cjs): autocannon appends every
//   body chunk to a string, which decodes it as UTF-8. For a compressed body (binary, not ASCII) that
//   decoding took about two thirds of the generator's CPU; on a machine with two cores the generator
//   then left the server idle part of the time. A 2.3 KB brotli body read 20k req/s and the same
//   number of ASCII bytes 36k req/s from the same raw Node server, whose own CPU time per request was
//   the same for both (ADR 046).
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';

const job = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  workers: job.workers,
  headers: job.headers,
  idReplacement: Boolean(job.randomId),
  // With workers, autocannon requires this module in each worker thread: a path, not a function.
  setupClient: fileURLToPath(new URL('./bench-autocannon-client.cjs', import.meta.url)),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
