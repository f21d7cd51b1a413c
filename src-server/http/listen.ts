import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export type RunningServer = { server: Server; port: number; close(): Promise<void> };

/**
 * Serves a fetch handler over Node's HTTP server. `close()` stops accepting connections, lets
 * requests in flight finish, and resolves when the last one has ended.
 */
export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }) as Server;
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
