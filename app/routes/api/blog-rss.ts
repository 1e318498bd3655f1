import type { Route } from "./+types/blog-rss";
import { blogFeed } from "@server/blog";

export async function loader(_args: Route.LoaderArgs) {
  return new Response(await blogFeed(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
