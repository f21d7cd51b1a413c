import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export type RunningServer = { server: Server; port: number; close(): Promise<void> };

/**
 * Serves a fetch handler over Node's HTTP server. `close()` stops accepting connections, lets
 * requests in flight finish, and resolves when the last one has ended.
 */
export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }) as Server;
    // An idle keep-alive connection stays open longer than a reverse proxy's (nginx and most load
    // balancers keep theirs 60 s): with Node's default of 5 s, the server could close a connection at
    // the moment the proxy (or a busy client) sends the next request on it, which then fails with
    // ECONNRESET. Headers may take as long as before; the limit for them must exceed this one.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      resolve({
        server,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            // Keep-alive sockets with no request in flight would hold close() open until they time
            // out; close them now, and each one that falls idle after finishing its last request.
            const sweep = setInterval(() => server.closeIdleConnections(), 50);
            server.close(() => {
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
