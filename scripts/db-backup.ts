// `npm run db:backup -- [file]`: backs up the configured database (stop an embedded shop first).
import { config } from "../server/config";
import { backupDatabase } from "../server/ops";

const c = config();
const file = process.argv[2] ?? `backups/shop-${new Date().toISOString().replace(/[:.]/g, "-")}.${c.DATABASE_URL ? "dump" : "tar.gz"}`;
await backupDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.dataDir }, file);
console.log(`Backup written to ${file}`);
// What an operator restoring from it must know (docs/operations.md, "Backups").
console.log(
  c.MEDIA_STORAGE === "s3"
    ? `It holds the database only: media stay in bucket ${c.s3!.bucket}; back that up with the provider's versioning or replication.`
    : `It holds the database only: media are the files in ${c.mediaDir}; copy that folder with it.`,
);
