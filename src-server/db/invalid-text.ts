/**
 * True when PostgreSQL refused a text value it cannot store: a NUL character (22021, "invalid byte
 * sequence for encoding UTF8: 0x00") or a character its encoding lacks (22P05). The schemas keep control
 * characters out (src-shared/schemas/text.ts); this is the backstop that makes any one they missed a
 * bad request rather than a server error. SQLite stores such text and never raises it.
 */
export function isInvalidText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
