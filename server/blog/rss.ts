import { config } from "../config";
import { getShopSettings } from "@server/content";
import { listPublishedPosts } from "./posts";

const FEED_SIZE = 20;

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** RSS 2.0 feed of the newest published posts. */
export async function blogFeed(): Promise<string> {
  const [posts, settings] = await Promise.all([listPublishedPosts(FEED_SIZE), getShopSettings()]);
  const origin = config().publicUrl;
  const items = posts.map((p) => {
    const url = `${origin}/blog/${p.slug}`;
    return [
      "<item>",
      `<title>${xml(p.title)}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="true">${xml(url)}</guid>`,
      `<pubDate>${new Date(p.date).toUTCString()}</pubDate>`,
      `<dc:creator>${xml(p.author)}</dc:creator>`,
      ...p.tags.map((t) => `<category>${xml(t)}</category>`),
      `<description>${xml(p.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${xml(`${settings.shopName} Blog`)}</title>`,
    `<link>${xml(`${origin}/blog`)}</link>`,
    `<atom:link href="${xml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(`News, guides and reviews from ${settings.shopName}.`)}</description>`,
    "<language>en</language>",
    posts[0] ? `<lastBuildDate>${new Date(posts[0].date).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}
