/** What the log keeps of a Stripe failure: its class, status and code, never the request's data. */
export function describeStripeError(error: unknown): Record<string, unknown> {
  if (error && typeof error === 'object' && 'type' in error) {
    const e = error as { type?: unknown; statusCode?: unknown; code?: unknown; message?: unknown; param?: unknown };
    return { type: e.type, statusCode: e.statusCode, code: e.code, param: e.param, message: e.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
