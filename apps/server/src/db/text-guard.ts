import { cleanText, hasUnsafeText } from '@shop/contracts/fields';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * The last line behind the contracts' text policy (decision 0012): no query parameter reaches the
 * driver holding a control character (other than tab, newline, CR) or a lone surrogate. PostgreSQL
 * refuses NUL in text outright (a 500 on that engine only); the request schemas clean or refuse
 * such text first, and this cleans whatever a path they do not cover hands in, on both engines.
 */

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return hasUnsafeText(value) ? cleanText(value) : value;
  if (Array.isArray(value) && value.some((item) => typeof item === 'string')) return value.map(cleanValue);
  return value;
}

/** The query with its parameters cleaned; the same object when none needed it (the usual case). */
export function cleanParameters<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  let changed = false;
  const parameters = query.parameters.map((value) => {
    const cleaned = cleanValue(value);
    if (cleaned !== value) changed = true;
    return cleaned;
  });
  return changed ? { ...query, parameters } : query;
}

const guarded = new WeakSet<DatabaseConnection>();

/**
 * Kysely's drivers keep their connection objects (and release them by private members), so the
 * guard is set on each connection the first time it is handed out rather than by wrapping it.
 */
function guardConnection(connection: DatabaseConnection): DatabaseConnection {
  if (guarded.has(connection)) return connection;
  const executeQuery = connection.executeQuery.bind(connection);
  const streamQuery = connection.streamQuery.bind(connection);
  connection.executeQuery = (query) => executeQuery(cleanParameters(query));
  connection.streamQuery = (query, chunkSize) => streamQuery(cleanParameters(query), chunkSize);
  guarded.add(connection);
  return connection;
}

function guardDriver(driver: Driver): Driver {
  return new Proxy(driver, {
    get(target, property) {
      if (property === 'acquireConnection') {
        return async () => guardConnection(await target.acquireConnection());
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The dialect with every connection it opens guarded. */
export function withTextGuard(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
