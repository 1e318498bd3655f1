import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../core/form";
import { nestFormData } from "../../core/nested-form";
import { MESSAGES, parsePriceCents, parseProductForm, productSlug } from "../../core/product-form";

function form(fields: Record<string, string | string[]>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) f.append(k, value);
  return f;
}

const valid = {
  intent: "publish",
  title: "Pocket Console",
  descriptionHtml: "<p>A console.</p>",
  price: "19.99",
  "colors.0.name": "Black",
  "colors.0.hex": "#112233",
  "colors.0.stock": "5",
};

const errorsOf = (fields: Record<string, string | string[]>) => {
  const r = parseProductForm(form(fields));
  return r.success ? {} : fieldErrors(r.error);
};

describe("parsePriceCents", () => {
  it.each([
    ["19.99", 1999],
    ["0.29", 29],
    ["1.1", 110],
    ["5", 500],
    ["5.", 500],
    [".5", 50],
    ["  49.99 ", 4999],
    ["$12.30", 1230],
    ["1,299.00", 129900],
    ["007.10", 710],
    ["0", 0],
    ["1234567.89", 123456789],
  ])("%j is %d cents", (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  it.each(["", ".", "abc", "-1", "1e3", "19.999", "1.005", "12,34", "1 000", "Infinity", "0x10", "19.99.1"])("%j is not a price", (text) => {
    expect(parsePriceCents(text)).toBeNull();
  });

  it("never drifts: every amount with two decimals up to $100 comes back exact", () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      expect(parsePriceCents(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`)).toBe(cents);
    }
  });
});

describe("nestFormData", () => {
  it("builds rows from paths, closes gaps, keeps order and collects repeated names", () => {
    const nested = nestFormData(form({ "a.2.x": "third", "a.0.x": "first", "b.c": "deep", tabs: ["one", "two"], single: "s" }));
    expect(nested).toEqual({ a: [{ x: "first" }, { x: "third" }], b: { c: "deep" }, tabs: ["one", "two"], single: "s" });
  });

  it("ignores huge indexes, prototype keys and paths that clash with a value", () => {
    const nested = nestFormData(form({ "a.99999.x": "no", "__proto__.polluted": "no", "constructor.prototype.x": "no", v: "1", "v.w": "no" }));
    expect(nested).toEqual({ v: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("the product form", () => {
  it("gives the spec's messages for a missing title, description and price", () => {
    const errors = errorsOf({ intent: "draft", title: " ", descriptionHtml: "<p> </p>", price: "" });
    expect(errors.title).toBe(MESSAGES.title);
    expect(errors.descriptionHtml).toBe(MESSAGES.description);
    expect(errors.price).toBe(MESSAGES.price);
    expect(errorsOf({ ...valid, price: "0" }).price).toBe(MESSAGES.price);
    expect(errorsOf({ ...valid, price: "abc" }).price).toBe(MESSAGES.price);
    expect(errorsOf({ ...valid, price: "19.999" }).price).toMatch(/two decimal places/);
  });

  it("stores cents, a normalised slug made from the title when empty, and content blocks", () => {
    const r = parseProductForm(
      form({
        ...valid,
        slug: "",
        compareAtPrice: "29.99",
        tabs: ["specifications", "overview"],
        "specifications.0.label": "Screen",
        "specifications.0.value": "3.5 inch",
        "sections.0.heading": "Games",
        "sections.0.body": "Lots",
        "sections.0.items": "NES\n\n SNES \n",
        "comparison.columns.0": "This",
        "comparison.columns.1": "That",
        "comparison.rows.0.label": "Weight",
        "comparison.rows.0.values.0": "200g",
      }),
    );
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toMatchObject({ priceCents: 1999, compareAtCents: 2999, slug: "pocket-console", externalUrl: null, badge: null });
    expect(r.data.colors).toEqual([{ id: null, name: "Black", hex: "#112233", sku: null, stock: 5, baseStock: null, imageId: null }]);
    expect(r.data.content).toEqual({
      tabs: ["overview", "specifications"],
      specifications: [{ label: "Screen", value: "3.5 inch" }],
      sections: [{ heading: "Games", body: "Lots", items: ["NES", "SNES"] }],
      comparison: { columns: ["This", "That"], rows: [{ label: "Weight", values: ["200g", ""] }] },
    });
    expect(productSlug("  Retro -- Handheld: PRO!! ")).toBe("retro-handheld-pro");
  });

  it("checks the compare-at price, the external URL, colours and the slug", () => {
    expect(errorsOf({ ...valid, compareAtPrice: "19.99" }).compareAtPrice).toMatch(/greater than the price/);
    expect(errorsOf({ ...valid, externalUrl: "http://shop.example/x" }).externalUrl).toMatch(/https/);
    expect(errorsOf({ ...valid, externalUrl: "javascript:alert(1)" }).externalUrl).toMatch(/https/);
    expect(errorsOf({ ...valid, externalUrl: "https://shop.example/x" })).toEqual({});
    expect(errorsOf({ ...valid, "colors.0.stock": "-1" })["colors.0.stock"]).toMatch(/whole number/);
    expect(errorsOf({ ...valid, "colors.0.hex": "red" })["colors.0.hex"]).toBe("Choose a colour");
    expect(errorsOf({ ...valid, "colors.1.name": "black", "colors.1.hex": "#000000", "colors.1.stock": "1" })["colors.1.name"]).toMatch(/different name/);
    expect(errorsOf({ ...valid, slug: "!!!" }).slug).toMatch(/letters or digits/);
  });

  it("needs a colour to publish, not to save a draft", () => {
    const noColour = { intent: "publish", title: "T", descriptionHtml: "<p>x</p>", price: "1" };
    expect(errorsOf(noColour).colors).toBe(MESSAGES.needsColour);
    expect(errorsOf({ ...noColour, intent: "draft" })).toEqual({});
  });
});

describe("collections, featured and products without options (issue 15)", () => {
  it("defaults to a console with colours, not featured", () => {
    const r = parseProductForm(form(valid));
    expect(r.success && { type: r.data.type, featuredPosition: r.data.featuredPosition, name: r.data.colors[0].name }).toEqual({ type: "console", featuredPosition: null, name: "Black" });
  });

  it("an accessory without options stores one default variant, whatever name and colour the row carried", () => {
    const r = parseProductForm(form({ ...valid, type: "accessory", options: "none", "colors.0.name": "", "colors.0.hex": "#ffffff", "colors.0.stock": "12" }));
    expect(r.success && r.data.colors).toEqual([{ id: null, name: "", hex: "#ffffff", sku: null, stock: 12, baseStock: null, imageId: null }]);
    expect(r.success && r.data.type).toBe("accessory");
    const renamed = parseProductForm(form({ ...valid, options: "none" }));
    expect(renamed.success && renamed.data.colors[0].name).toBe("");
  });

  it("without options exactly one stock row; with colours every colour needs a name", () => {
    expect(errorsOf({ ...valid, options: "none", "colors.1.name": "White", "colors.1.hex": "#ffffff", "colors.1.stock": "1" })).toEqual({ colors: "A product without options has exactly one stock count" });
    expect(errorsOf({ ...valid, "colors.0.name": "" })).toEqual({ "colors.0.name": "Colour name is required" });
    expect(errorsOf({ ...valid, type: "gadget" })).toEqual({ type: "Choose a collection" });
  });

  it("featured needs a position; unticked, the position is ignored", () => {
    expect(errorsOf({ ...valid, featured: "on" })).toEqual({ featuredPosition: "Enter a position from 0 to 999" });
    const r = parseProductForm(form({ ...valid, featured: "on", featuredPosition: "2" }));
    expect(r.success && r.data.featuredPosition).toBe(2);
    const off = parseProductForm(form({ ...valid, featuredPosition: "2" }));
    expect(off.success && off.data.featuredPosition).toBeNull();
  });
});
