// The bench's stand-in for the reverse proxy a deployment has in front of the app (README, "Serving over
// HTTPS"): TLS and HTTP/2 towards the browser, plain HTTP/1.1 with keep-alive towards the app. Lighthouse
// measures through it, since its simulated load models the protocol it observed: over HTTP/1.1 each of
// the page's 10–30 files waits for one of six connections, over HTTP/2 they share one (ADR 051).
// The certificate is self-signed for 127.0.0.1, made with openssl for this run only; the browser is told
// to accept it (--ignore-certificate-errors in bench-lighthouse.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** HTTP/1.1 hop-by-hop headers, which HTTP/2 forbids and a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

/** Starts the proxy for the app at `target` (http://host:port) on a free port: { origin, close }. */
export async function startHttpsProxy(target) {
  const upstream = new URL(target);
  const dir = mkdtempSync(join(tmpdir(), 'schoolbox-bench-tls-'));
  try {
    makeCertificate(dir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const server = http2.createSecureServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
    server.on('stream', (stream, headers) => {
      const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
      const request = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: headers[':method'],
          path: headers[':path'],
          headers: { ...forwarded, host: upstream.host },
          agent,
        },
        (response) => {
          const answer = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
          stream.respond({ ':status': response.statusCode, ...answer });
          response.pipe(stream);
        },
      );
      request.on('error', (error) => {
        if (!stream.headersSent) stream.respond({ ':status': 502 });
        stream.end(String(error));
      });
      stream.pipe(request);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${server.address().port}`;
    const close = async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    };
    return { origin, close };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A self-signed certificate for 127.0.0.1, valid for a day: key.pem and cert.pem in `dir`. */
function makeCertificate(dir) {
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'];
  args.push('-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'));
  try {
    execFileSync('openssl', args, { stdio: 'ignore' });
  } catch (error) {
    throw new Error(`the HTTPS proxy needs openssl for its certificate (Debian: apt-get install openssl): ${error.message}`);
  }
}
