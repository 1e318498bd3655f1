import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An area's tables are written only by its own code (docs/decisions/017-areas-with-front-doors.md):
 * this reads every server area's Drizzle writes (`.insert(table)`, `.update(table)`, `.delete(table)`)
 * and raw SQL (`insert into`, `update`, `delete from`) and names the owner of each table written.
 */
const SERVER = path.resolve(import.meta.dirname, "../../server");
/** Infrastructure and the demo data's loader write whatever they must (the seed fills every area). */
const EXEMPT = new Set(["db", "http", "realtime", "security", "cache", "seed"]);

/**
 * The writes still made across a border, each with what should replace it. The list may only shrink:
 * a new cross-area write fails the test.
 */
const KNOWN: Record<string, string> = {
  "inventory/stock.ts -> catalog.productVariants":
    "the stock count is inventory's but lives on the catalogue's product_variants; moving it to an inventory table is a migration left for later (catalog reads it on every product page)",
};

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : filesUnder(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Table variable and SQL name -> owning area, from each area's schema.ts. */
function owners() {
  const byVariable = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const area of fs.readdirSync(SERVER)) {
    const schema = path.join(SERVER, area, "schema.ts");
    if (!fs.existsSync(schema)) continue;
    for (const m of fs.readFileSync(schema, "utf8").matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      byVariable.set(m[1], area);
      bySqlName.set(m[2], area);
    }
  }
  return { byVariable, bySqlName };
}

/** "area/file.ts -> owner.table" for every write to a table another area owns. */
function crossAreaWrites(files: { file: string; text: string }[]): string[] {
  const { byVariable, bySqlName } = owners();
  const found = new Set<string>();
  for (const { file, text } of files) {
    const area = file.split("/")[0];
    if (EXEMPT.has(area)) continue;
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const owner = byVariable.get(m[1]);
      if (owner && owner !== area) found.add(`${file} -> ${owner}.${m[1]}`);
    }
    // Raw SQL naming the table through drizzle's object: sql`update ${productVariants} set ...`.
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)) {
      const owner = byVariable.get(m[1]);
      if (owner && owner !== area) found.add(`${file} -> ${owner}.${m[1]}`);
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?\s+(?:set|\(|values|where|as|using)/gi)) {
      const owner = bySqlName.get(m[1]);
      if (owner && owner !== area) found.add(`${file} -> ${owner}.${m[1]}`);
    }
  }
  return [...found].sort();
}

const serverFiles = () => filesUnder(SERVER).map((f) => ({ file: path.relative(SERVER, f).split(path.sep).join("/"), text: fs.readFileSync(f, "utf8") }));

describe("table ownership", () => {
  it("no area writes another area's tables beyond the known list", () => {
    expect(crossAreaWrites(serverFiles()).filter((w) => !(w in KNOWN))).toEqual([]);
  });

  it("the known list holds only writes that still happen (fixed ones leave it)", () => {
    const writes = new Set(crossAreaWrites(serverFiles()));
    expect(Object.keys(KNOWN).filter((k) => !writes.has(k))).toEqual([]);
  });

  it("catches a Drizzle write and a raw SQL write to another area's table", () => {
    const probe = [
      { file: "reviews/probe.ts", text: "await tx.update(orders).set({ status: 'paid' });" },
      { file: "cart/probe.ts", text: "await tx.execute(sql`update product_variants set stock = 0 where id = ${id}`);" },
      { file: "orders/probe.ts", text: "await tx.update(orders).set({ status: 'paid' });" },
    ];
    expect(crossAreaWrites(probe)).toEqual(["cart/probe.ts -> catalog.product_variants", "reviews/probe.ts -> orders.orders"]);
  });
});
