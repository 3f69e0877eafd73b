import {
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's driver, except that it skips a ROLLBACK when SQLite has already rolled the
 * transaction back by itself, as it does on some errors (SQLITE_FULL, SQLITE_IOERR): that
 * ROLLBACK would fail with "no transaction is active" and hide the real error.
 */
class RollbackOnlyOpenTransactions implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly inTransaction: () => boolean,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.driver.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.inTransaction()) await this.driver.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/**
 * Kysely's SQLite dialect with {@link RollbackOnlyOpenTransactions} as its driver, built through
 * Kysely's documented `Dialect` and `Driver` interfaces. `inTransaction` says whether the
 * connection still has a transaction open.
 */
export function sqliteDialect(config: SqliteDialectConfig, inTransaction: () => boolean): Dialect {
  const dialect = new SqliteDialect(config);
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RollbackOnlyOpenTransactions(dialect.createDriver(), inTransaction),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
