import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import type { Rendition } from "@core/images";

/** Uploaded images and their generated renditions. */

export const media = pgTable(
  "media",
  {
  id: uuid("id").primaryKey().defaultRandom(),
  originalName: text("original_name").notNull(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  renditions: jsonb("renditions").$type<Rendition[]>().notNull(),
  /**
   * Who sent it: the back office ('staff') or a customer with a review ('review'). The editors' media
   * library lists staff uploads only: a customer's photo is theirs, shown with their review.
   */
  source: text("source").$type<MediaSource>().notNull().default("staff"),
  createdAt: timestamps.createdAt,
  },
  (t) => [check("media_source_known", sql`${t.source} in ('staff', 'review')`)],
);

export type MediaSource = "staff" | "review";
