/**
 * The backup archive (ADR 040): one gzip file holding JSON lines, the same on both engines.
 *
 *   {"backup":{…identity: format, schemaVersion, appVersion, createdAt, engine, method}}   the header
 *   {"table":"users","columns":["id","email",…]}                                           then its rows,
 *   ["u1","a@b.c",…]                                                                          one array each
 *   …                                                   (tables in foreign-key order: parents first)
 *   {"pgDump":"<base64>"} …                             optional: pg_dump's custom-format dump, in chunks
 *   {"manifest":{…identity, counts, sha256}}            the trailer: row counts and the checksum
 *
 * Binary values (picture bytes) are {"b64":"…"}; booleans were never stored as such (0/1 on both
 * engines). sha256 covers every byte of the uncompressed lines before the trailer, so a truncated or
 * altered archive is refused (gzip's own CRC catches most damage first).
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

export const ARCHIVE_FORMAT = 'schoolbox-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export type BackupIdentity = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The newest migration applied to the database it came from. */
  schemaVersion: string;
  /** package.json's version of the app that wrote it. */
  appVersion: string;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** How the consistent copy was taken, in words for the operator. */
  method: string;
};

export type BackupManifest = BackupIdentity & {
  /** Rows per table, in the order the archive holds them. */
  counts: Record<string, number>;
  /** Whether a pg_dump custom-format dump is included (PostgreSQL with pg_dump on the PATH). */
  pgDump: boolean;
  sha256: string;
};

/** The archive cannot be used: damaged, truncated, not a backup, or from a newer app. Exit status 1. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export type Cell = string | number | null | Buffer;

function encodeCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { b64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  // A JSON(B) column on PostgreSQL arrives parsed: kept as the text SQLite stores.
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function decodeCell(value: unknown): Cell {
  if (value !== null && typeof value === 'object' && 'b64' in value) return Buffer.from(String((value as { b64: string }).b64), 'base64');
  return value as Cell;
}

/** Writes an archive line by line (with backpressure); the file appears under its name only once complete. */
export class ArchiveWriter {
  readonly #hash: Hash = createHash('sha256');
  readonly #gzip: Gzip;
  readonly #file: WriteStream;
  readonly #done: Promise<unknown>;
  /** Rejects with the first write error of the file (a full disk, a folder gone). */
  readonly #failed: Promise<never>;
  readonly #counts: Record<string, number> = {};
  #table: string | null = null;
  #pgDump = false;

  constructor(path: string) {
    // Level 1: most of an archive is picture bytes, which do not compress; the text compresses well even so.
    this.#gzip = createGzip({ level: 1 });
    this.#file = createWriteStream(path);
    this.#gzip.pipe(this.#file);
    this.#done = once(this.#file, 'close');
    // once() rejects on an 'error' (a folder that cannot be written) that may come before anyone awaits
    // it: handled here, and reported through #failed below.
    this.#done.catch(() => undefined);
    // Errors surface through write()/finish(); an unhandled 'error' event would end the process.
    this.#failed = new Promise<never>((_, reject) => {
      this.#gzip.once('error', reject);
      this.#file.once('error', reject);
    });
    this.#failed.catch(() => undefined);
  }

  async #line(value: unknown, hashed = true): Promise<void> {
    const bytes = Buffer.from(`${JSON.stringify(value)}\n`);
    if (hashed) this.#hash.update(bytes);
    if (this.#file.errored) throw this.#file.errored;
    if (!this.#gzip.write(bytes)) await Promise.race([once(this.#gzip, 'drain'), this.#failed]);
  }

  header(identity: BackupIdentity): Promise<void> {
    return this.#line({ backup: identity });
  }

  async table(name: string, columns: readonly string[]): Promise<void> {
    this.#table = name;
    this.#counts[name] = 0;
    await this.#line({ table: name, columns });
  }

  async row(values: readonly unknown[]): Promise<void> {
    if (this.#table === null) throw new Error('a row before its table');
    this.#counts[this.#table] = (this.#counts[this.#table] ?? 0) + 1;
    await this.#line(values.map(encodeCell));
  }

  /** A chunk of pg_dump's output (base64 lines of at most 48 KiB of bytes each). */
  async pgDumpChunk(bytes: Buffer): Promise<void> {
    this.#pgDump = true;
    this.#table = null;
    for (let start = 0; start < bytes.length; start += 48 * 1024) {
      await this.#line({ pgDump: bytes.subarray(start, start + 48 * 1024).toString('base64') });
    }
  }

  /** Writes the trailer and closes the file; the manifest as written. */
  async finish(identity: BackupIdentity): Promise<BackupManifest> {
    const manifest: BackupManifest = { ...identity, counts: { ...this.#counts }, pgDump: this.#pgDump, sha256: this.#hash.digest('hex') };
    await this.#line({ manifest }, false);
    this.#gzip.end();
    await Promise.race([this.#done, this.#failed]);
    if (this.#file.errored) throw this.#file.errored;
    return manifest;
  }

  /** Gives up (after a failed export): closes the file, which the caller removes. */
  async abort(): Promise<void> {
    this.#gzip.destroy();
    this.#file.destroy();
    await this.#done.catch(() => undefined);
  }
}

/** The archive's lines, as raw bytes; gzip errors (truncation, bad CRC) become ArchiveErrors. */
async function* rawLines(path: string): AsyncGenerator<Buffer> {
  const file = createReadStream(path);
  const gunzip = createGunzip();
  // pipe() does not pass the file's own errors on (a missing file, a folder): they end the loop below.
  file.once('error', (error) => gunzip.destroy(error));
  file.pipe(gunzip);
  let rest: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10)) {
        yield data.subarray(0, end + 1);
        data = data.subarray(end + 1);
      }
      rest = data;
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      throw new ArchiveError(`Cannot read ${path}: ${(error as Error).message}`);
    throw new ArchiveError(`The archive is damaged or truncated (${(error as Error).message}); nothing was restored`);
  }
  if (rest.length > 0) throw new ArchiveError('The archive is truncated (its last line is incomplete); nothing was restored');
}

/** The two bytes every gzip file starts with. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * A file that is no gzip file at all is not an archive, rather than a damaged one: most often the
 * `.sha256` file beside the archive (the shell completes to it) or the database file itself. Said so,
 * instead of "damaged", which would send the operator looking for another backup. A file that cannot be
 * read is left to rawLines, which names why.
 */
async function refuseOtherFiles(path: string): Promise<void> {
  let start: Buffer;
  try {
    const file = await open(path, 'r');
    try {
      const { bytesRead, buffer } = await file.read(Buffer.alloc(2), 0, 2, 0);
      start = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch {
    return;
  }
  if (start.equals(GZIP_MAGIC)) return;
  if (path.endsWith('.sha256'))
    throw new ArchiveError(`${path} is the checksum file beside an archive, not the archive: restore ${path.slice(0, -'.sha256'.length)}`);
  throw new ArchiveError(
    `${path} is ${start.length === 0 ? 'empty' : 'not a gzip file'}: not a SchoolBox backup archive (schoolbox-backup-<time>.jsonl.gz); nothing was restored`,
  );
}

export type ArchiveEvent =
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; values: Cell[] }
  | { kind: 'manifest'; manifest: BackupManifest };

function parseLine(line: Buffer): Record<string, unknown> | unknown[] {
  try {
    return JSON.parse(line.toString('utf8')) as Record<string, unknown> | unknown[];
  } catch {
    throw new ArchiveError('The archive holds a line that is not JSON: it is damaged; nothing was restored');
  }
}

/**
 * Reads an archive: first its identity (the header line), then, through events(), its tables and rows
 * and last the manifest, after the checksum was compared. A caller restores inside a transaction and
 * commits only once events() has ended: a damaged archive throws before that.
 */
export async function openArchive(path: string): Promise<{ identity: BackupIdentity; events: () => AsyncGenerator<ArchiveEvent> }> {
  await refuseOtherFiles(path);
  const lines = rawLines(path);
  const first = await lines.next();
  const header = first.done ? null : parseLine(first.value);
  const identity = header && !Array.isArray(header) ? (header.backup as BackupIdentity | undefined) : undefined;
  if (!identity || identity.format !== ARCHIVE_FORMAT) {
    await lines.return(undefined);
    throw new ArchiveError(`${path} is not a SchoolBox backup archive`);
  }
  if (identity.formatVersion > ARCHIVE_FORMAT_VERSION) {
    await lines.return(undefined);
    throw new ArchiveError(`The archive has format version ${identity.formatVersion}; this app reads up to ${ARCHIVE_FORMAT_VERSION}`);
  }
  const headerBytes = first.value as Buffer;

  async function* events(): AsyncGenerator<ArchiveEvent> {
    const hash = createHash('sha256').update(headerBytes);
    let manifest: BackupManifest | null = null;
    const counts: Record<string, number> = {};
    let table: string | null = null;
    for await (const line of lines) {
      if (manifest) throw new ArchiveError('The archive goes on after its manifest: it is damaged; nothing was restored');
      const value = parseLine(line);
      if (Array.isArray(value)) {
        hash.update(line);
        if (table === null) throw new ArchiveError('The archive holds a row outside a table: it is damaged; nothing was restored');
        counts[table] = (counts[table] ?? 0) + 1;
        yield { kind: 'row', values: value.map(decodeCell) };
      } else if (typeof value.table === 'string') {
        hash.update(line);
        table = value.table;
        counts[table] = 0;
        yield { kind: 'table', name: table, columns: value.columns as string[] };
      } else if (typeof value.pgDump === 'string') {
        hash.update(line);
        table = null;
      } else if (value.manifest) {
        manifest = value.manifest as BackupManifest;
      } else {
        throw new ArchiveError('The archive holds a line of unknown kind: it is damaged; nothing was restored');
      }
    }
    if (!manifest) throw new ArchiveError('The archive is truncated (no manifest at its end); nothing was restored');
    if (hash.digest('hex') !== manifest.sha256)
      throw new ArchiveError('The archive fails its checksum (SHA-256): it was altered or damaged; nothing was restored');
    for (const [name, count] of Object.entries(manifest.counts)) {
      if ((counts[name] ?? 0) !== count)
        throw new ArchiveError(`The archive holds ${counts[name] ?? 0} rows of ${name}, its manifest says ${count}; nothing was restored`);
    }
    yield { kind: 'manifest', manifest };
  }
  return { identity, events };
}

/** The manifest of an archive, after reading (and checking) all of it. */
export async function readManifest(path: string): Promise<BackupManifest> {
  const { events } = await openArchive(path);
  for await (const event of events()) if (event.kind === 'manifest') return event.manifest;
  throw new ArchiveError('The archive has no manifest');
}

/** The rows of one table in an archive (tests, tools): column name → value. */
export async function readTableRows(path: string, name: string): Promise<Array<Record<string, Cell>>> {
  const { events } = await openArchive(path);
  const rows: Array<Record<string, Cell>> = [];
  let columns: string[] | null = null;
  for await (const event of events()) {
    if (event.kind === 'table') columns = event.name === name ? event.columns : null;
    else if (event.kind === 'row' && columns) rows.push(Object.fromEntries(columns.map((column, i) => [column, event.values[i] ?? null])));
  }
  return rows;
}
