import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { executeRows, migrationsFolder } from "../db/client";

/** How many migrations this build ships; read once, the journal is part of the release. */
let shipped: number | undefined;
function shippedMigrations(): number {
  shipped ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
  return shipped;
}

/** Ready when the database answers and every migration this build ships has been applied. */
export async function readiness(): Promise<{ ok: boolean; detail: string }> {
  try {
    const expected = shippedMigrations();
    const [row] = await executeRows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number(row?.n ?? 0);
    if (applied < expected) return { ok: false, detail: `migrations pending (${applied}/${expected})` };
    return { ok: true, detail: "ready" };
  } catch {
    return { ok: false, detail: "database unreachable" };
  }
}
