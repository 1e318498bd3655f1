import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import type { Rendition } from "~/lib/images";

/** Uploaded images and their generated renditions. */

export const media = pgTable("media", {
  id: uuid("id").primaryKey().defaultRandom(),
  originalName: text("original_name").notNull(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  renditions: jsonb("renditions").$type<Rendition[]>().notNull(),
  createdAt: timestamps.createdAt,
});
