import { inArray, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { PreparedQueryConfig } from "drizzle-orm/pg-core";
import { db, type Db, type Tx } from "./client";

/** What drizzle's .prepare() answers, as far as this module uses it. */
type Prepared<T> = { execute(values?: Record<string, unknown>): Promise<T> };
type DriverConfig = Record<string, unknown> & { callback?: unknown; values?: unknown };

/** A query config of the driver's own for one run: node-postgres writes the run's values and callback into the object it is given. */
const freshConfig = (config: unknown) => {
  const { callback: _callback, values: _values, ...rest } = (config ?? {}) as DriverConfig;
  return rest;
};

/**
 * A statement of fixed shape, built by drizzle once per database and afterwards only run with its
 * placeholders filled: building the SQL text from the query builder is about a tenth of the shop's
 * CPU in a checkout (docs/performance.md). `build` writes the statement on the database it is given,
 * with sql.placeholder("name") for every input; `name` names it on PostgreSQL (a named prepared
 * statement: unique per statement). The answer runs on db() or inside a transaction, on the
 * transaction's connection.
 *
 * Each run is the prepared query with its driver client (the transaction's, or the database's) and
 * query configs of its own: node-postgres stores a run's values and callback in the config object
 * it is handed, so a config shared between runs on a pool and on a client would answer one run
 * through another's callback. Both drivers (node-postgres, PGlite) run a prepared query on these
 * fields; tests/integration/prepared-queries.test.ts checks both.
 */
export function preparedQuery<T, V extends Record<string, unknown>>(name: string, build: (database: Db) => { prepare(name: string): Prepared<T> }) {
  const byDatabase = new WeakMap<Db, Prepared<T>>();
  return (values: V, runner: Db | Tx = db()): Promise<T> => {
    const database = db();
    let prepared = byDatabase.get(database);
    if (!prepared) {
      prepared = build(database).prepare(name);
      byDatabase.set(database, prepared);
    }
    const fields = prepared as unknown as { client: unknown; queryConfig: unknown; rawQueryConfig: unknown };
    const client = runner === database ? fields.client : (runner as unknown as { session: { client: unknown } }).session.client;
    const run: Prepared<T> = Object.assign(Object.create(prepared) as Prepared<T>, {
      client,
      queryConfig: freshConfig(fields.queryConfig),
      rawQueryConfig: freshConfig(fields.rawQueryConfig),
    });
    return run.execute(values);
  };
}

/**
 * preparedQuery for a statement written with sql`` (data-modifying CTEs, a query drizzle's builder
 * cannot say); answers its rows. Its inputs are sql.placeholder("name") too.
 */
export function preparedRows<T, V extends Record<string, unknown>>(name: string, build: (database: Db) => SQL) {
  const run = preparedQuery<{ rows: T[] }, V>(name, (database) => ({
    prepare: (statement) => database._.session.prepareQuery<{ execute: { rows: T[] } } & PreparedQueryConfig>(database.execute(build(database)).getQuery(), undefined, statement, false),
  }));
  return async (values: V, runner?: Db | Tx): Promise<T[]> => (await run(values, runner)).rows;
}

/**
 * `column` is one of `ids`: a list, or a prepared query's placeholder for one array, so that its text
 * is the same for any number of ids (an IN list's length is part of the text).
 */
export const oneOf = (column: AnyColumn, ids: string[] | Placeholder) => (Array.isArray(ids) ? inArray(column, ids) : sql`${column} = any(${ids})`);
