import { request } from 'node:http';

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET whose body is not decoded, so a test can see exactly what went over the wire. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Calls a tRPC query over HTTP and returns the parsed JSON body and the status. */
export async function trpcQuery(baseUrl: string, path: string, input?: unknown, init: { cookie?: string } = {}) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${baseUrl}/api/trpc/${path}${query}`, { headers: init.cookie ? { cookie: init.cookie } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as TrpcBody };
}

/** Calls a tRPC mutation over HTTP (POST), with the given Origin (the site's own by default). */
export async function trpcMutation(
  baseUrl: string,
  path: string,
  input: unknown,
  init: { origin?: string | null; headers?: Record<string, string>; cookie?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin !== null) headers.origin = init.origin ?? baseUrl;
  const response = await fetch(`${baseUrl}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as TrpcBody };
}

export type TrpcBody = {
  result?: { data: unknown };
  error?: {
    message: string;
    data: { code: string; httpStatus: number; appCode: string | null; fieldErrors: Record<string, string[]> | null };
  };
};
