/**
 * Structured logs: one JSON object per line on stdout, so any log shipper can read them.
 * Never log a password, a token or an e-mail body.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

export type Logger = {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
};

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel,
  bound: Fields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log =
    (lineLevel: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: Fields = {}) => {
      if (RANK[lineLevel] < RANK[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg: message, ...bound, ...serialize(fields) }));
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger(level, { ...bound, ...fields }, write),
  };
}

// Errors do not survive JSON.stringify (their fields are not enumerable); keep what helps a reader,
// including a database's or the system's error code (SQLITE_FULL, 53100, ENOSPC), which names the cause
// where the message may not.
function serialize(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, ...errorCode(value), stack: value.stack } : value;
  }
  return out;
}

function errorCode(error: Error): { code?: string } {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {};
}
