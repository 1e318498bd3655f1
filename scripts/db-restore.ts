// `npm run db:restore -- <file>`: restores a backup into an EMPTY configured database.
import { config } from "../server/config";
import { restoreDatabase } from "../server/ops";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file>");
  process.exit(2);
}
const c = config();
await restoreDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir }, file);
console.log(`Restored ${file}. Start the shop to apply any newer migrations.`);
