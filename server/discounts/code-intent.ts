import { z } from "zod";
import { fieldErrors } from "@core/form";
import { readCart } from "../cart";
import { applyCartDiscountCode, type CartCodeOptions } from "./cart-discount";
import { removeCartDiscountCode } from "./cart-code";

/**
 * The "Discount code" box of the cart page and of checkout (one behaviour for both): a plain form
 * posting `intent=apply-discount` with `code`, or `intent=remove-discount`.
 */

export const DISCOUNT_INTENTS = ["apply-discount", "remove-discount"] as const;
export type DiscountIntent = (typeof DISCOUNT_INTENTS)[number];

export function isDiscountIntent(value: unknown): value is DiscountIntent {
  return (DISCOUNT_INTENTS as readonly unknown[]).includes(value);
}

const discountCodeSchema = z.object({ code: z.string().trim().min(1, "Enter a discount code").max(64, "We could not find that discount code.") });

/**
 * Applies the posted intent to the cart: removes its code, or keeps the typed one (replacing any
 * other) when it applies to the cart's lines, for `email` when it is known (a signed-in shopper).
 * Answers the refusal in words to show next to the field, or null when done. A cart that does not
 * exist yet (`cartId` null) is an empty one: nothing is created for it.
 */
export async function applyDiscountIntent(
  cartId: string | null,
  intent: DiscountIntent,
  form: FormData,
  opts: CartCodeOptions = {},
): Promise<string | null> {
  if (intent === "remove-discount") {
    if (cartId) await removeCartDiscountCode(cartId);
    return null;
  }
  const parsed = discountCodeSchema.safeParse({ code: form.get("code") ?? "" });
  if (!parsed.success) return fieldErrors(parsed.error).code;
  const lines = cartId ? (await readCart(cartId)).lines : [];
  const refusal = await applyCartDiscountCode(cartId, parsed.data.code, lines, opts);
  return refusal?.message ?? null;
}
