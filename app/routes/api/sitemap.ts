import type { Route } from "./+types/sitemap";
import { config } from "@server/config";
import { sitemapEntries } from "@server/content";

export async function loader(_args: Route.LoaderArgs) {
  const origin = config().publicUrl;
  const entries = await sitemapEntries();
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `  <url><loc>${escape(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
