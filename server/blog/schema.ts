import { sql, type SQL } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import type { PublishStatus } from "@core/publish-status";

/** Blog posts. */

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    contentHtml: text("content_html").notNull().default(""),
    image: text("image"),
    author: text("author").notNull().default("Admin"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
    /** What the storefront search matches (server/blog/posts.ts searchPublishedPosts), kept by the database. */
    searchText: text("search_text").generatedAlwaysAs((): SQL => sql`lower(${blogPosts.title} || ' ' || coalesce(${blogPosts.excerpt}, ''))`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_status_date_idx").on(t.status, t.date),
    // fastupdate off: no pending list to flush (PGlite has no autovacuum), so the planner trusts the index.
    index("blog_posts_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
