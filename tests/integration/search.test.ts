import { describe, expect, it } from "vitest";
import { loader as searchLoader } from "../../app/routes/shop/search";
import { blogPosts } from "../../server/blog/schema";
import { products } from "../../server/catalog/schema";
import { db, executeRows } from "../../server/db/client";
import { seedPost } from "../../server/seed/blog";
import { searchShop } from "../../server/search";
import { closestProductTitle } from "../../server/catalog/search";
import { searchTerms } from "../../core/search";
import { like, sql } from "drizzle-orm";
import { useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";
import { call } from "./route-calls";

type SearchData = Awaited<ReturnType<typeof searchLoader>>;

async function titles(q: string) {
  return (await searchShop(q, 1)).products.map((p) => p.title);
}

describe("storefront search (pg_trgm)", () => {
  useTestDatabase();
  useCatalogue();

  it("finds the consoles by the names shoppers type, best match first", async () => {
    await db().insert(blogPosts).values({ ...seedPost, date: new Date(seedPost.date), status: "published" });
    await db().insert(products).values({ slug: "r36-secret", title: "R36 Secret Prototype", priceCents: 100, status: "draft" });

    expect((await titles("r36")).sort()).toEqual(["R36PRO Handheld Console", "R36S Retro Handheld"]);
    // Written exactly, only what holds it: no near misses beside exact hits. The R36PRO's page compares
    // itself with the R36S (a description match), after the title that holds it.
    expect(await titles("r36s")).toEqual(["R36S Retro Handheld", "R36PRO Handheld Console"]);
    expect((await titles("r36 pro"))[0]).toBe("R36PRO Handheld Console");
    expect(await titles("r36 pro")).not.toContain("35XXPro Handheld Console");
    expect(await titles("R36-PRO")).toEqual(["R36PRO Handheld Console"]);
    expect(await titles("35xx")).toEqual(["35XXPro Handheld Console"]);
    expect(await titles("rg35xx")).toEqual(["35XXPro Handheld Console"]);
    // Typos: a letter missing or swapped still finds the product.
    expect(await titles("handheld consle")).toEqual(expect.arrayContaining(["R36PRO Handheld Console", "35XXPro Handheld Console"]));
    expect(await titles("consle")).toContain("R36PRO Handheld Console");
    expect(await titles("retro handhld")).toContain("R36S Retro Handheld");
    // Drafts are never found.
    expect(await titles("secret prototype")).toEqual([]);
  });

  it("finds published posts as a second group, and says 'Did you mean' when nothing matches", async () => {
    const marvel = await searchShop("marvel rivals", 1);
    expect(marvel.products).toEqual([]);
    expect(marvel.posts.map((p) => p.slug)).toEqual([seedPost.slug]);

    const none = await searchShop("r36pri handhel", 1);
    expect(none.productTotal + none.posts.length).toBeGreaterThan(0); // close enough to match

    const nothing = await searchShop("zzqqxx", 1);
    expect(nothing).toMatchObject({ products: [], posts: [], productTotal: 0 });
    expect(await nothing.suggestion).toBeNull();
    const suggested = await searchShop("r36pr0 consolle deluxe", 1);
    expect(suggested.productTotal).toBe(0);
    expect(await suggested.suggestion).toBe("R36PRO Handheld Console");
    // Results found: no suggestion is looked for.
    expect(await (await searchShop("r36", 1)).suggestion).toBeNull();
  });

  it("suggests the same title as one pass at word similarity 0.3 would, ties by title, however close the best is", async () => {
    // Look-alikes whose titles tie with each other: the suggestion is tried at 0.5, then 0.4, then 0.3.
    await db()
      .insert(products)
      .values(["Arcade Zeta Grip", "Arcade Alpha Grip", "Pocket Beta Case", "Retro Gamma Charger"].map((title, i) => ({ slug: `look-alike-${i}`, title, priceCents: 100, status: "published" as const })));
    const closest = async (q: string) => {
      const [row] = await executeRows<{ title: string }>(sql`
        select title from products
        where status = 'published' and word_similarity(${q}::text, search_text) >= 0.3
        order by word_similarity(${q}::text, search_text) desc, title limit 1`);
      return row?.title ?? null;
    };
    for (const q of ["r36pr0 consolle deluxe", "retro pocket arcade", "arcadr grips", "pockt bta", "gamma chargr deluxe edition", "zzqqxx"]) {
      expect({ q, suggestion: await closestProductTitle(searchTerms(q)) }).toEqual({ q, suggestion: await closest(searchTerms(q).join(" ")) });
    }
    expect(await closestProductTitle(searchTerms("retro pocket arcade"))).toBe("Arcade Alpha Grip");
    await db().delete(products).where(like(products.slug, "look-alike-%"));
  });

  it("the page prices results in the shopper's market, cuts long queries and shows new arrivals when nothing is searched", async () => {
    const uk = (await call(searchLoader, new Request("http://localhost:3000/search?q=r36s", { headers: { "Accept-Language": "en-GB" } }))) as SearchData;
    const r36s = uk.results!.products.find((p) => p.slug === "r36s")!;
    expect(r36s.currency).toBe("GBP");
    const us = (await call(searchLoader, new Request("http://localhost:3000/search?q=r36s", { headers: { "Accept-Language": "en-US" } }))) as SearchData;
    expect(us.results!.products.find((p) => p.slug === "r36s")).toMatchObject({ currency: "USD", priceCents: 4999 });

    const empty = (await call(searchLoader, new Request("http://localhost:3000/search"))) as SearchData;
    expect(empty.results).toBeNull();
    expect(empty.browse.length).toBe(3);

    const long = (await call(searchLoader, new Request(`http://localhost:3000/search?q=${"r36s ".repeat(60)}&page=-4`))) as SearchData;
    expect(long.q.length).toBeLessThanOrEqual(100);
    expect(long.results!.page).toBe(1);
    expect(long.results!.products.map((p) => p.slug)).toEqual(["r36s", "r36pro"]);

    await expect(call(searchLoader, new Request("http://localhost:3000/search?q=a%00b"))).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("storefront search (full text)", () => {
  useTestDatabase();
  useCatalogue();

  it("finds the R36S by what it is and what it plays, under any name of the system", async () => {
    expect(await titles("handheld console")).toContain("R36S Retro Handheld");
    // The R36S lists Game Boy among its Supported Consoles; the 35XXPro lists no system.
    for (const q of ["gameboy", "game boy", "Game-Boy", "GBA", "game boy advance", "psx", "super nintendo", "snes", "n64", "megadrive"]) {
      expect({ q, found: await titles(q) }).toEqual({ q, found: ["R36S Retro Handheld"] });
    }
    // A specification: the R36S's chip.
    expect(await titles("rockchip")).toEqual(["R36S Retro Handheld"]);
  });

  it("stems English words: a plural finds the singular and the singular the plural", async () => {
    expect(await titles("consoles")).toEqual(expect.arrayContaining(["R36PRO Handheld Console", "35XXPro Handheld Console", "R36S Retro Handheld"]));
    expect(await titles("batteries")).toEqual(expect.arrayContaining(["R36S Retro Handheld", "35XXPro Handheld Console"]));
    expect(await titles("emulating")).toContain("R36S Retro Handheld"); // "emulates" in its Supported Consoles text
  });

  it("ranks a title above specifications above the description, however often the description says it", async () => {
    const product = (slug: string, title: string, fields: Partial<typeof products.$inferInsert>) => ({ slug, title, priceCents: 100, status: "published" as const, ...fields });
    await db()
      .insert(products)
      .values([
        product("weight-described", "Aardvark Travel Case", { descriptionHtml: "<p>Zephyrine lining. The zephyrine keeps it soft; zephyrine everywhere.</p>" }),
        product("weight-specified", "Bumblebee Stand", { content: { specifications: [{ label: "Material", value: "Zephyrine" }] } }),
        product("weight-titled", "Zephyrine Grip", {}),
      ]);
    expect(await titles("zephyrine")).toEqual(["Zephyrine Grip", "Bumblebee Stand", "Aardvark Travel Case"]);
    await db().delete(products).where(like(products.slug, "weight-%"));
  });

  it("never finds an unpublished product, however well it matches", async () => {
    await db().insert(products).values({
      slug: "gb-draft",
      title: "Game Boy Handheld Console Draft",
      priceCents: 100,
      status: "draft",
      content: { sections: [{ heading: "Supported Consoles", body: "", items: ["Game Boy"] }] },
    });
    for (const q of ["gameboy", "handheld console", "draft"]) expect(await titles(q)).not.toContain("Game Boy Handheld Console Draft");
    await db().delete(products).where(like(products.slug, "gb-draft"));
  });

  it("answers hostile input with results or nothing, never an error", async () => {
    const hostile = [
      `"game boy"`,
      "'; drop table products; --",
      "handheld & console",
      "game | boy",
      "!console",
      "cons:*",
      "game <-> boy",
      "((((",
      "\\",
      "the and of",
      "-",
      "🎮 game boy",
      "x".repeat(5000),
      "gameboy ".repeat(400),
    ];
    for (const q of hostile) {
      const page = (await call(searchLoader, new Request(`http://localhost:3000/search?q=${encodeURIComponent(q)}`))) as SearchData;
      expect(Array.isArray(page.results?.products ?? [])).toBe(true);
    }
    expect(await titles(`"game boy"`)).toEqual(["R36S Retro Handheld"]);
    expect(await titles("gameboy ".repeat(400))).toEqual(["R36S Retro Handheld"]);
    expect(await titles("the and of")).toEqual([]);
  });
});
