import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { database, migrationsFolder } from "../db/client";

/** Ready when the database answers and every migration in the journal has been applied. */
export async function readiness(): Promise<{ ok: boolean; detail: string }> {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const result = await database().db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (applied < journal.entries.length) return { ok: false, detail: `migrations pending (${applied}/${journal.entries.length})` };
    return { ok: true, detail: "ready" };
  } catch {
    return { ok: false, detail: "database unreachable" };
  }
}
