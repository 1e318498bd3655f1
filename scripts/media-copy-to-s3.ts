// `npm run media:copy-to-s3 -- [folder]`: copies a local media folder (default MEDIA_DIR) into the
// bucket the S3_* settings name. Safe to run again: what the bucket already holds at the same size is
// skipped, so a stopped run is finished by starting it again (docs/operations.md, "Media storage").
import path from "node:path";
import { config } from "../server/config";
import { copyObjects, localStore, s3Store } from "../server/storage";

const c = config();
if (!c.s3) {
  console.error("Set S3_BUCKET (and S3_REGION, S3_ENDPOINT, credentials as needed): the bucket to copy into. See .env.example.");
  process.exit(1);
}
const folder = path.resolve(process.argv[2] ?? c.mediaDir);
console.log(`Copying ${folder} into bucket ${c.s3.bucket}${c.s3.endpoint ? ` at ${c.s3.endpoint}` : ""}...`);
let seen = 0;
const report = await copyObjects(localStore(folder), s3Store(c.s3), () => {
  if (++seen % 100 === 0) console.log(`  ${seen} objects...`);
});
console.log(`Done: ${report.copied} copied (${(report.bytes / 1e6).toFixed(1)} MB), ${report.skipped} already there.`);
if (c.MEDIA_STORAGE !== "s3") console.log("Now start the shop with MEDIA_STORAGE=s3 to serve media from the bucket.");
