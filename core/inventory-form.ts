import { z } from "zod";
import { ADJUST_REASONS, type AdjustReason } from "./stock";

/**
 * The inventory page's stock adjustment (one colour): a reason, a quantity and an optional note.
 * Received and Return add the quantity, Damaged takes it off, Recount sets on hand to it.
 */

/** One colour on the inventory page and the dashboard's low-stock card (server/inventory/admin.ts). */
export type InventoryRow = {
  variantId: string;
  productId: string;
  title: string;
  slug: string;
  colour: string;
  hex: string;
  sku: string | null;
  onHand: number;
  /** Held by checkouts not yet paid. */
  reserved: number;
  /** On hand less reserved, never below 0. */
  available: number;
  threshold: number;
  /** Available at or below the product's low-stock threshold. */
  low: boolean;
};

export const ADJUST_REASON_HELP: Record<AdjustReason, string> = {
  received: "Received: adds units",
  damaged: "Damaged: takes units off",
  recount: "Recount: sets on hand to the count",
  return: "Return: adds units",
};

export const adjustStockSchema = z
  .object({
    variantId: z.uuid({ message: "Choose a colour to adjust." }),
    reason: z.enum(ADJUST_REASONS, { message: "Choose a reason." }),
    quantity: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, "Enter a whole number from 0 to 999999.")
      .transform(Number),
    note: z
      .string()
      .trim()
      .max(200, "The note must be 200 characters or fewer.")
      .default("")
      .transform((v) => v || null),
  })
  .refine((a) => a.reason === "recount" || a.quantity > 0, { path: ["quantity"], message: "Enter how many units, 1 or more." });

export type AdjustStockInput = z.output<typeof adjustStockSchema>;

/** One row of a stock import's preview (server/inventory/import.ts), by its line in the file. */
export type ImportRow = {
  line: number;
  sku: string;
  /** The on_hand cell as written. */
  typed: string;
  onHand: number | null;
  variantId: string | null;
  title: string | null;
  colour: string | null;
  /** Stock on hand now. */
  current: number | null;
  error: string | null;
};

export type ImportPreview = { rows: ImportRow[]; errors: number; changes: number };
