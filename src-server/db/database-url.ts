/**
 * A PostgreSQL address split into the address without its password and the password: for pg_dump's
 * command line (readable by every local user) and for messages that end up in logs. Read by pattern, not
 * by `new URL`: libpq's addresses include forms a URL parser refuses (a socket, `postgres://u:pw@/db?host=
 * /run/postgresql`, or several hosts, `postgres://u:pw@h1,h2/db`).
 */
export function splitDatabasePassword(databaseUrl: string): { address: string; password: string | null } {
  const match = /^(postgres(?:ql)?:\/\/[^:@/?#]*):([^@/?#]*)@/.exec(databaseUrl);
  if (!match) return { address: databaseUrl, password: null };
  const [whole, userPart = '', encoded = ''] = match;
  return { address: `${userPart}@${databaseUrl.slice(whole.length)}`, password: decodedOrAsIs(encoded) };
}

/** The address as a message may show it: `***` where its password was. */
export function databaseUrlForDisplay(databaseUrl: string): string {
  const { address, password } = splitDatabasePassword(databaseUrl);
  return password === null ? address : address.replace(/@/, ':***@');
}

/** A password with a `%` that starts no escape is taken as written (libpq would refuse it; this must not throw). */
function decodedOrAsIs(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
