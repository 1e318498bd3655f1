import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { discountLine, type DiscountView } from "@core/discount-view";

/**
 * "Discount code" with Apply, and the applied code with Remove: plain forms posting to `action`
 * (works without JavaScript). One code per order: applying another replaces it.
 */
export function DiscountCodeForm({ action, discount, error }: { action: string; discount: DiscountView | null; error?: string | null }) {
  const message = error ?? (discount && !discount.applied ? discount.reason : null);
  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      {/* Remounted when the applied code changes, so the box empties once its code is applied. */}
      <Form method="post" action={action} className="flex items-start gap-2" key={discount?.applied ? discount.code : "none"}>
        <TextField
          id="discount-code"
          label="Discount code"
          name="code"
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={discount && !discount.applied ? discount.code : ""}
          error={message ?? undefined}
          announce
          className="flex-1"
        />
        <Button type="submit" name="intent" value="apply-discount" variant="secondary" size="small" className="mt-6">
          Apply
        </Button>
      </Form>
      {discount ? (
        <Form method="post" action={action} className="mt-2 flex items-center justify-between gap-2 text-sm">
          {discount.applied ? (
            <span className="font-medium text-green-800" data-testid="discount-line">
              {discountLine(discount, discount.currency)}
            </span>
          ) : (
            <span className="text-gray-700">{discount.code} is not applied</span>
          )}
          <button type="submit" name="intent" value="remove-discount" className="font-semibold text-brand-700 underline" aria-label={`Remove discount code ${discount.code}`}>
            Remove
          </button>
        </Form>
      ) : null}
    </div>
  );
}
