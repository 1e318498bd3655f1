import { z } from "zod";
import { addToCart, clearCart, MAX_LINE_QUANTITY, removeLine, restoreLines, setLineQuantity, type HeldLine } from "./cart";

/**
 * The one cart action's input (DESIGN.md section 10): a discriminated union on `intent`. The product
 * page posts add/buy; the cart page posts update/remove/clear, and restore (the Undo of clear).
 * No price is ever accepted.
 */
const variantId = z.uuid({ message: "Please choose a colour." });
const MAX_QUANTITY = MAX_LINE_QUANTITY;
/** More lines than any cart holds: a larger restore is not an undo. */
const MAX_RESTORED_LINES = 100;

const heldLines = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Nothing to restore." });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ variantId: z.uuid(), quantity: z.number().int().min(1).max(MAX_QUANTITY) }), { message: "Nothing to restore." })
      .max(MAX_RESTORED_LINES),
  );

export const cartIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(["add", "buy"]),
      variantId,
      quantity: z.coerce
        .number({ message: "Quantity must be a number." })
        .int("Quantity must be a whole number.")
        .min(1, "Quantity must be at least 1.")
        .max(MAX_QUANTITY, `Quantity can be at most ${MAX_QUANTITY}.`)
        .default(1),
    }),
    z.object({
      intent: z.literal("update"),
      variantId,
      // Below 1 is accepted and ignored, as the spec says; the cart page never sends it.
      quantity: z.coerce
        .number({ message: "Quantity must be a number." })
        .int("Quantity must be a whole number.")
        .max(MAX_QUANTITY, `Quantity can be at most ${MAX_QUANTITY}.`),
    }),
    z.object({ intent: z.literal("remove"), variantId }),
    z.object({ intent: z.literal("clear") }),
    z.object({ intent: z.literal("restore"), lines: heldLines }),
  ],
  { error: "Unknown cart action." },
);

export type CartIntent = z.infer<typeof cartIntentSchema>;

/**
 * Applies one parsed intent to a cart (Buy Now has a cart of its own: see buy-now.ts); throws
 * CartError for refusals the shopper must see. Clearing answers the lines it removed, for Undo.
 */
export async function applyCartIntent(cartId: string, input: Exclude<CartIntent, { intent: "buy" }>): Promise<HeldLine[] | void> {
  switch (input.intent) {
    case "add":
      return addToCart(cartId, input.variantId, input.quantity);
    case "update":
      return setLineQuantity(cartId, input.variantId, input.quantity);
    case "remove":
      return removeLine(cartId, input.variantId);
    case "clear":
      return clearCart(cartId);
    case "restore":
      return restoreLines(cartId, input.lines);
  }
}
