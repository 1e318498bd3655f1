import { z } from "zod";
import { hasContent, parseTags } from "./blog";
import { isImageUrl } from "./url";

/** The post editor's form: one schema for the action and the browser's pre-submit check. */
export const POST_INTENTS = ["draft", "publish", "save"] as const;

export const postFormSchema = z.object({
  intent: z.enum(POST_INTENTS, { message: "Choose Save Draft, Publish or Save Changes" }),
  visibility: z.enum(["published", "draft"]).default("draft"),
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be 200 characters or fewer"),
  contentHtml: z
    .string()
    .max(500_000, "Content is too long")
    .refine(hasContent, "Content is required"),
  image: z
    .string()
    .trim()
    .max(2000, "Image URL is too long")
    .refine((v) => v === "" || isImageUrl(v), "Enter an image URL starting with https:// or /")
    .transform((v) => v || null),
  excerpt: z.string().trim().max(500, "Excerpt must be 500 characters or fewer"),
  slug: z.string().trim().max(100, "URL slug must be 100 characters or fewer"),
  author: z
    .string()
    .trim()
    .max(100, "Author must be 100 characters or fewer")
    .transform((v) => v || "Admin"),
  tags: z.string().max(1000, "Tags are too long").transform(parseTags),
});

export type PostFormInput = z.input<typeof postFormSchema>;
export type PostFormData = z.output<typeof postFormSchema>;

/** Which status a save gives the post: the button decides, Save Changes keeps the Visibility choice. */
export function statusForIntent(data: Pick<PostFormData, "intent" | "visibility">): "draft" | "published" {
  if (data.intent === "draft") return "draft";
  if (data.intent === "publish") return "published";
  return data.visibility;
}
