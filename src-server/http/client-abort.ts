/**
 * A client that closes the connection while it is still sending its request (a phone losing signal, a
 * tab closed mid-upload) makes reading the body fail. That is the client's doing, not a server fault:
 * it is logged at info and never answered or logged as a 500.
 */

/** nginx's "client closed request": nobody reads this answer, but the request log shows what happened. */
export const CLIENT_CLOSED_REQUEST = 499;

/** True when `error` (or an error in its cause chain) says the client went away mid-request. */
export function isClientAbort(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    // Node's http server destroys an unfinished request body with Error('aborted') / ECONNRESET.
    if (code === 'ECONNRESET' && current.message === 'aborted') return true;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  }
  return false;
}
