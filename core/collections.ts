/**
 * Product types and the collections built from them (issue 15): every product is a console or an
 * accessory; /collections/:handle lists one type with the product list's sort and filters.
 */
export const PRODUCT_TYPES = ["console", "accessory"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export type Collection = { handle: string; type: ProductType; title: string; description: string };

export const COLLECTIONS: Collection[] = [
  {
    handle: "consoles",
    type: "console",
    title: "Consoles",
    description: "Retro handheld game consoles with thousands of classics preinstalled, each in several colours.",
  },
  {
    handle: "accessories",
    type: "accessory",
    title: "Accessories",
    description: "Cases, screen protectors, memory cards and chargers made to go with our retro handhelds.",
  },
];

export const collectionByHandle = (handle: string | undefined) => COLLECTIONS.find((c) => c.handle === handle);

/** The editor's choices, in the singular. */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { console: "Console", accessory: "Accessory" };
