// Opens the configured database for an ops command (never while a server holds an embedded one).
import { config } from "../server/config";
import { openDatabase, setDatabase, type Database } from "../server/db/client";

export async function openConfiguredDatabase(): Promise<Database> {
  const c = config();
  const d = await openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir });
  setDatabase(d);
  return d;
}
