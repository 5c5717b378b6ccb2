import type { CompiledQuery, DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';

/**
 * Tells this process when rows written to a table are committed: after the commit of a
 * transaction that inserted into it, or after an insert outside a transaction. The background
 * jobs that read an outbox (domain events, mail) run on it at once instead of at their next tick
 * (decision 0065). Only inserts built with Kysely's query builder are seen, and only in this
 * process; the jobs' ticks are still there for everything else (another instance's writes).
 */
export type CommitSignal = {
  /** the dialect, with each insert into a watched table announced once it is committed */
  wrap(dialect: Dialect): Dialect;
  /** calls `listener` after each commit that inserted into `table`; returns the function that stops it */
  onCommitted(table: string, listener: () => void): () => void;
};

/** The table an insert writes into, when the query is a query-builder insert. */
function insertedTable(query: CompiledQuery): string | null {
  const node = query.query as { kind: string; into?: { table?: { identifier?: { name?: string } } } };
  return node.kind === 'InsertQueryNode' ? (node.into?.table?.identifier?.name ?? null) : null;
}

export function createCommitSignal(): CommitSignal {
  const listeners = new Map<string, Set<() => void>>();
  /** the watched tables written by the transaction open on each connection */
  const pending = new WeakMap<DatabaseConnection, Set<string>>();
  const inTransaction = new WeakSet<DatabaseConnection>();
  const watched = new WeakSet<DatabaseConnection>();

  const announce = (table: string) => {
    for (const listener of listeners.get(table) ?? []) listener();
  };

  function watch(connection: DatabaseConnection): DatabaseConnection {
    if (watched.has(connection)) return connection;
    const executeQuery = connection.executeQuery.bind(connection);
    connection.executeQuery = <R>(query: CompiledQuery) => {
      const table = listeners.size > 0 ? insertedTable(query) : null;
      // every other query goes straight through, with no promise of its own
      if (!table || !listeners.has(table)) return executeQuery<R>(query);
      return executeQuery<R>(query).then((result) => {
        if (!inTransaction.has(connection)) announce(table);
        else {
          const tables = pending.get(connection) ?? new Set<string>();
          tables.add(table);
          pending.set(connection, tables);
        }
        return result;
      });
    };
    watched.add(connection);
    return connection;
  }

  function end(connection: DatabaseConnection): Set<string> | undefined {
    inTransaction.delete(connection);
    const tables = pending.get(connection);
    pending.delete(connection);
    return tables;
  }

  function wrapDriver(driver: Driver): Driver {
    const overrides: Partial<Driver> = {
      acquireConnection: async () => watch(await driver.acquireConnection()),
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        inTransaction.add(connection);
        try {
          await driver.beginTransaction(connection, settings);
        } catch (error) {
          end(connection);
          throw error;
        }
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        try {
          await driver.commitTransaction(connection);
        } catch (error) {
          end(connection);
          throw error;
        }
        for (const table of end(connection) ?? []) announce(table);
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        end(connection);
        await driver.rollbackTransaction(connection);
      },
    };
    return new Proxy(driver, {
      get(target, property) {
        const own = overrides[property as keyof Driver];
        if (own) return own;
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  return {
    wrap: (dialect) => ({
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => wrapDriver(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    }),
    onCommitted(table, listener) {
      const set = listeners.get(table) ?? new Set();
      set.add(listener);
      listeners.set(table, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(table);
      };
    },
  };
}
