// `npm run db:backup -- [file]`: backs up the configured database (stop an embedded shop first).
import { config } from "../server/config";
import { backupDatabase } from "../server/ops";

const c = config();
const file = process.argv[2] ?? `backups/shop-${new Date().toISOString().replace(/[:.]/g, "-")}.${c.DATABASE_URL ? "dump" : "tar.gz"}`;
await backupDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir }, file);
console.log(`Backup written to ${file}`);
