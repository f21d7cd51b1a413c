import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';

/**
 * How long a client may take, and how much it may send before its request is read (ADR 043). A client
 * that trickles its headers byte by byte (slowloris) holds a connection only until `headersTimeoutMs`;
 * one that trickles its body, until `requestTimeoutMs` (long enough for a 10 MiB picture upload at about
 * 1 Mbit/s); headers larger than `maxHeaderBytes` get 431 from Node before the app sees them.
 */
export type ServerLimits = {
  /** The whole header block must have arrived within this time of the request's first byte. */
  headersTimeoutMs: number;
  /** The whole request, body included. */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive connection stays open longer than a reverse proxy's (nginx and most load balancers
   * keep theirs 60 s): with Node's default of 5 s, the server could close a connection at the moment the
   * proxy (or a busy client) sends the next request on it, which then fails with ECONNRESET.
   */
  keepAliveTimeoutMs: number;
  maxHeaderBytes: number;
  /** How often Node looks for requests over their time (its default, 30 s, would let them run that much longer). */
  timeoutCheckIntervalMs: number;
};

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  maxHeaderBytes: 16 * 1024,
  timeoutCheckIntervalMs: 1000,
};

export type RunningServer = { server: Server; port: number; close(): Promise<void> };

/**
 * Serves a fetch handler over Node's HTTP server. `close()` stops accepting connections, lets
 * requests in flight finish, and resolves when the last one has ended.
 */
export function listen(
  // `env` carries Node's request and response: getConnInfo reads the client's address from it.
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
  port: number,
  hostname: string,
  limits: Partial<ServerLimits> = {},
): Promise<RunningServer> {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxHeaderBytes, timeoutCheckIntervalMs } = {
    ...SERVER_LIMITS,
    ...limits,
  };
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch,
      port,
      hostname,
      serverOptions: {
        // Since Node 18 the header timer starts with a request's first byte, not with the connection's
        // last activity: an idle keep-alive connection is not cut off by it (tests/server/abuse.test.ts).
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        keepAliveTimeout: keepAliveTimeoutMs,
        maxHeaderSize: maxHeaderBytes,
        connectionsCheckingInterval: timeoutCheckIntervalMs,
      },
    }) as Server;
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
