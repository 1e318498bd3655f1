import { bigint, customType, timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at as every area's tables spell them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A money column: bigint cents, read as a JS number (exact up to 2^53). `integer` overflowed at
 * $21,474,836.47, below what price x quantity allows (issue 11, item 6).
 */
export const money = (name: string) => bigint(name, { mode: "number" });

/** A text-search document (PostgreSQL's tsvector; drizzle has no column type for it). Read as its text form. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});
