import { z } from "zod";
import { addToCart, clearCart, removeLine, setLineQuantity } from "./cart";

/**
 * The one cart action's input (DESIGN.md section 10): a discriminated union on `intent`. The product
 * page posts add/buy; the cart page posts update/remove/clear. No price is ever accepted.
 */
const variantId = z.uuid({ message: "Please choose a colour." });
const MAX_QUANTITY = 999;

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
  ],
  { error: "Unknown cart action." },
);

export type CartIntent = z.infer<typeof cartIntentSchema>;

/** Applies one parsed intent to a cart; throws CartError for refusals the shopper must see. */
export async function applyCartIntent(cartId: string, input: CartIntent): Promise<void> {
  switch (input.intent) {
    case "add":
    case "buy":
      return addToCart(cartId, input.variantId, input.quantity);
    case "update":
      return setLineQuantity(cartId, input.variantId, input.quantity);
    case "remove":
      return removeLine(cartId, input.variantId);
    case "clear":
      return clearCart(cartId);
  }
}
