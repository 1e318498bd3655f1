import { describe, expect, it } from "vitest";
import { loader as productsLoader } from "../../app/routes/shop/products";
import { listBrowsableProducts } from "../../server/catalog/browse";
import { useCatalogue, paidOrderOf, setStock, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";
import { call } from "./route-calls";

type ListData = Awaited<ReturnType<typeof productsLoader>>;

async function list(query: string, headers: Record<string, string> = { "Accept-Language": "en-US" }) {
  const data = (await call(productsLoader, new Request(`http://localhost:3000/products${query}`, { headers }))) as ListData;
  return { data, slugs: data.products.map((p) => p.slug) };
}

describe("product list: sort and filter in the URL", () => {
  useTestDatabase({ env: { LOCAL_MARKETS: "true" } });
  useCatalogue();

  it("knows each product's colours, stock and sales", async () => {
    const items = await listBrowsableProducts();
    expect(items.find((p) => p.slug === "rg35xx-pro")).toMatchObject({ colours: ["White", "Black", "Teal"], inStock: true, unitsSold: 0 });
  });

  it("sorts by price both ways, by best selling from paid orders, and falls back to newest for nonsense", async () => {
    expect((await list("?sort=price-asc")).slugs).toEqual(["r36s", "r36pro", "rg35xx-pro"]);
    expect((await list("?sort=price-desc")).slugs).toEqual(["rg35xx-pro", "r36pro", "r36s"]);
    const newest = (await list("")).slugs;
    expect((await list("?sort=cheapest-first")).slugs).toEqual(newest);
    expect((await list("?sort=cheapest-first")).data.query.sort).toBe("newest");
    await paidOrderOf(1, [{ colour: "Black", quantity: 2 }]);
    expect((await list("?sort=best-selling")).slugs[0]).toBe("r36s");
    expect((await listBrowsableProducts()).find((p) => p.slug === "r36s")!.unitsSold).toBe(2);
  });

  it("filters by a price range in the shopper's currency, by colour and by stock", async () => {
    expect((await list("?min=50&max=70")).slugs).toEqual(["r36pro"]);
    // Reversed bounds mean between them; a bad amount is ignored.
    expect((await list("?min=70&max=50")).slugs).toEqual(["r36pro"]);
    expect((await list("?min=abc")).slugs).toHaveLength(3);
    // The R36S is £39.99 in the UK market, $49.99 in the US: the range is read in pounds for a UK shopper.
    expect((await list("?max=45", { "Accept-Language": "en-GB" })).slugs).toContain("r36s");
    expect((await list("?max=45")).slugs).not.toContain("r36s");

    expect((await list("?colour=Teal")).slugs).toEqual(["rg35xx-pro"]);
    expect((await list("?colour=teal&colour=Blue&sort=price-asc")).slugs).toEqual(["r36pro", "rg35xx-pro"]);
    const facet = (await list("")).data.colours;
    expect(facet.find((c) => c.name === "Black")).toEqual({ name: "Black", count: 3 });

    for (const colour of ["White", "Black", "Teal"]) await setStock((await variantOf("rg35xx-pro", colour)).id, 0);
    expect((await list("?stock=in")).slugs).not.toContain("rg35xx-pro");
    const all = await list("");
    expect(all.slugs).toContain("rg35xx-pro");
    expect(all.data.products.find((p) => p.slug === "rg35xx-pro")!.inStock).toBe(false);
  });
});
