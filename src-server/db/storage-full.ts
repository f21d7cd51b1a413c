/**
 * True when a write failed because the server's storage is full: SQLite's SQLITE_FULL ("database or disk
 * is full", also at its max_page_count), PostgreSQL's 53100 disk_full, a file write's ENOSPC. The one
 * test for it: the tRPC error formatter (trpc.ts) answers it as STORAGE_FULL, a form posted without
 * scripts shows that (forms/post-handler.ts), and a picture upload refuses with it (media/upload-route.ts),
 * so a visitor reads what happened instead of "an unexpected error", and the log names it. Wrapped errors
 * (a `cause`) are looked through.
 */
export function isStorageFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
