import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openPglite } from "../db/pglite";

/**
 * Backups of either database. PostgreSQL: pg_dump's custom format, restored with pg_restore into an
 * empty database. PGlite: its data directory as a tarball (dumpDataDir), restored into an empty
 * DATA_DIR. An embedded database must not be open in a running server while it is copied.
 */
export type BackupTarget = { databaseUrl?: string; dataDir: string };

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.error}`);
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, target.databaseUrl]);
    return;
  }
  const dir = path.join(path.resolve(target.dataDir), "pglite");
  if (!fs.existsSync(dir)) throw new Error(`No embedded database at ${dir}`);
  const pg = await openPglite(dir);
  const dump = await pg.dumpDataDir("gzip");
  await pg.close();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  if (target.databaseUrl) {
    run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${target.databaseUrl}`, file]);
    return;
  }
  const dir = path.join(path.resolve(target.dataDir), "pglite");
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`Refusing to restore over the existing embedded database in ${dir}: move it away first.`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const pg = await openPglite(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await pg.close();
}
