import type { MetaDescriptor } from "react-router";
import { truncate } from "@core/text";

type Match = { id: string; data?: unknown } | undefined;

export type SeoInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/products/r36s". */
  path: string;
  image?: string | null;
  type?: "website" | "article" | "product";
  noindex?: boolean;
};

/** The public origin and shop name from the root loader, for absolute URLs in meta tags. */
export function siteOf(matches: Match[]): { origin: string; shopName: string } {
  const root = matches.find((m) => m?.id === "root")?.data as { publicUrl?: string; shopName?: string } | undefined;
  return { origin: root?.publicUrl ?? "", shopName: root?.shopName ?? "Pocket Retro" };
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seo(matches: Match[], input: SeoInput): MetaDescriptor[] {
  const { origin, shopName } = siteOf(matches);
  const title = input.title.includes(shopName) ? input.title : `${input.title} | ${shopName}`;
  const description = truncate(input.description, 160, "");
  const url = `${origin}${input.path}`;
  const image = input.image ? (input.image.startsWith("http") ? input.image : `${origin}${input.image}`) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

/** A JSON-LD script tag; `<` is escaped so the data can never close the script element. */
export function jsonLd(data: unknown): MetaDescriptor {
  return { "script:ld+json": data } as MetaDescriptor;
}
