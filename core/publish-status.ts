/** Whether a product or blog post is visible to shoppers. */
export type PublishStatus = "draft" | "published";
