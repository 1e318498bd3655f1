import { blogFeed } from "@server/blog/rss";

export async function loader() {
  return new Response(await blogFeed(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
