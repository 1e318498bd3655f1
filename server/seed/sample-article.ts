import type { Actor } from "@server/audit";
import { insertSamplePost } from "@server/blog";
import { seedPost } from "./blog";

/** The one-off tool behind /admin/insert-marvel-post: the demo data's sample article, published now. */
export function insertSampleArticle(actor: Actor): Promise<"inserted" | "exists"> {
  return insertSamplePost(seedPost, actor);
}
