/** Structured content blocks of a product page; the product editor edits them as fields. */
export type ProductContent = {
  tabs?: ("overview" | "specifications" | "reviews")[];
  overview?: { heading: string; body: string }[];
  specifications?: { label: string; value: string }[];
  sections?: { heading: string; body: string; items?: string[] }[];
  comparison?: { columns: string[]; rows: { label: string; values: string[] }[] };
};
