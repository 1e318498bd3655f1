// `npm run db:export-to-postgres -- postgres://user@host/db`: copies the embedded database in
// DATA_DIR into an empty PostgreSQL database (stop the embedded shop first).
import { config } from "../server/config";
import { openDatabase } from "../server/db/client";
import { exportToPostgres } from "../server/ops";

const target = process.argv[2];
if (!target || !/^postgres(ql)?:\/\//.test(target)) {
  console.error("Usage: npm run db:export-to-postgres -- postgres://user:password@host:5432/database");
  process.exit(2);
}
const c = config();
if (c.DATABASE_URL) {
  console.error("DATABASE_URL is set: this command reads the embedded database in DATA_DIR. Unset DATABASE_URL to run it.");
  process.exit(2);
}
const source = await openDatabase({ dataDir: c.dataDir });
try {
  const copied = await exportToPostgres(source, target);
  for (const [table, rows] of Object.entries(copied)) console.log(`${table.padEnd(28)} ${rows} rows`);
  console.log(`Done. Copy ${c.mediaDir} to the new MEDIA_DIR, then start the shop with DATABASE_URL set to the target.`);
} finally {
  await source.close();
}
