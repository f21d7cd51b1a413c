/**
 * Kysely's SQLite dialect (better-sqlite3) with five changes for a file that other processes (the
 * CLI, a second server) also write to, and for speed:
 * - transactions start with BEGIN IMMEDIATE: the write lock is taken at the start, where the busy
 *   timeout makes a second writer wait. A plain (deferred) BEGIN reads first and fails at once with
 *   "database is locked" when it later tries to write after another process wrote in between;
 * - `FOR UPDATE` (and the other row locks, FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE) is left out of a
 *   select: SQLite has no row locks and no such clause, and needs none, since a transaction here holds
 *   the write lock from its start (above), so no row it reads changes under it. Code that locks a row
 *   on PostgreSQL (`.forUpdate()`, db/row-lock.ts) runs unchanged on SQLite;
 * - a transaction that SQLite already rolled back itself (a full disk) is not rolled back again, so its
 *   error is the one thrown (ImmediateTransactionDriver.rollbackTransaction);
 * - migrations run in transactions (SQLite's DDL is transactional; Kysely's adapter does not claim it),
 *   so a migration that fails or is killed halfway leaves nothing behind;
 * - prepared statements are kept by their SQL text (bounded), instead of being prepared on every query.
 *
 * Node 24: better-sqlite3 12 wraps its database and statements in node::ObjectWrap, whose destructor
 * on Node 24 aborts the process ("Assertion failed: (env) != nullptr") when the garbage collector frees
 * such an object while no Node environment is current, typically at exit (fixed in better-sqlite3 13,
 * which uses Node-API). Objects still referenced when the process ends are freed by Node's own cleanup,
 * which is safe. So the connection and its statements stay referenced for the life of the process,
 * even after close() (which does finalize them and close the file): a closed handle costs a few bytes,
 * and caching means a statement is not thrown away after every query.
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type SelectModifierNode,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/** More distinct statements than the app has queries; a query built with a varying IN list only cycles. */
const STATEMENT_CACHE_SIZE = 500;

/** Every connection and statement cache ever opened, kept from the garbage collector (see above). */
const keptForTheProcess = new Set<object>();

/** Keeps a better-sqlite3 object (a database, a statement, a row iterator) referenced until the process ends (see above). */
export function keepForTheProcess<T extends object>(handle: T): T {
  keptForTheProcess.add(handle);
  return handle;
}

class ImmediateTransactionDriver extends SqliteDriver {
  readonly #database: BetterSqlite3.Database;

  constructor(config: SqliteDialectConfig, database: BetterSqlite3.Database) {
    super(config);
    this.#database = database;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * After some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM) SQLite has rolled the whole transaction
   * back itself. A ROLLBACK then fails ("cannot rollback - no transaction is active"), and Kysely would
   * throw that instead of the error that ended the transaction, hiding a full disk behind a riddle. With
   * nothing left to undo, the first error stays the one that is thrown, for every transaction of the app.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#database.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

/** PostgreSQL's row locks of a select, which SQLite does not know. */
const ROW_LOCKS: ReadonlySet<SelectModifierNode['modifier']> = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare']);

/** Leaves out the row locks (see above): the transaction's write lock already covers every row. */
class RowLockFreeQueryCompiler extends SqliteQueryCompiler {
  protected override visitSelectModifier(node: SelectModifierNode): void {
    if (ROW_LOCKS.has(node.modifier)) return;
    super.visitSelectModifier(node);
  }
}

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** The better-sqlite3 database as Kysely sees it, with prepare() answered from a cache. */
function withStatementCache(database: BetterSqlite3.Database, size: number): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  keptForTheProcess.add(database).add(statements);
  return {
    // Closing finalizes every statement and closes the file; the objects stay referenced (see above).
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export class AppSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  readonly #connection: BetterSqlite3.Database;

  constructor(database: BetterSqlite3.Database, options: { statementCacheSize?: number } = {}) {
    const cached = withStatementCache(database, options.statementCacheSize ?? STATEMENT_CACHE_SIZE);
    super({ database: cached });
    this.#database = cached;
    this.#connection = database;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver({ database: this.#database }, this.#connection);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new RowLockFreeQueryCompiler();
  }
}
