// A load generator of the throughput benchmark (bench-throughput.mjs), in a process of its own: autocannon
// with a new id in place of `[<id>]` in every request (here: in the path, so each request asks for an
// address never seen). The CLI cannot take such a URL (its argument parser reads the brackets as
// sub-arguments), so the same run is started through autocannon's API. Reads one job as JSON from argv[2]
// ({ url, connections, seconds, workers, headers }); prints autocannon's result as one JSON line.
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  workers: job.workers,
  headers: job.headers,
  idReplacement: true,
});
process.stdout.write(`${JSON.stringify(result)}\n`);
