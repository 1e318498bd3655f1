import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { startInstance, type Instance } from "./instances";

export type TwoInstances = { a: Instance; b: Instance; sql: pg.Client };

/**
 * Two production instances on one fresh PostgreSQL, as behind a load balancer, and a client on that
 * database; started before the file's tests, stopped and dropped after them. Call it at the top of
 * a test file and read its fields from the tests (they are set once beforeAll has run); `env` adds
 * to both instances' environment.
 */
export function twoInstancesOnPostgres(opts: { env?: Record<string, string> } = {}): TwoInstances {
  const cluster = {} as TwoInstances;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    // Client addresses come from X-Forwarded-For, as behind a proxy: a rate-limit test is one visitor.
    const env = { TRUST_PROXY: "loopback", SMTP_URL: "", STRIPE_SECRET_KEY: "", ...opts.env };
    // One after the other: the first applies the migrations and seeds, the second finds them done.
    cluster.a = await startInstance(database.url, env);
    cluster.b = await startInstance(database.url, env);
    cluster.sql = new pg.Client({ connectionString: database.url });
    await cluster.sql.connect();
  });
  afterAll(async () => {
    await cluster.sql?.end();
    await Promise.all([cluster.a?.stop(), cluster.b?.stop()]);
    await database?.drop();
  });
  return cluster;
}
