import { Form } from "react-router";
import { discountLine, type DiscountView } from "~/lib/discount-view";

/**
 * "Discount code" with Apply, and the applied code with Remove: plain forms posting to `action`
 * (works without JavaScript). One code per order: applying another replaces it.
 */
export function DiscountCodeForm({ action, discount, error }: { action: string; discount: DiscountView | null; error?: string | null }) {
  const message = error ?? (discount && !discount.applied ? discount.reason : null);
  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      {/* Remounted when the applied code changes, so the box empties once its code is applied. */}
      <Form method="post" action={action} className="flex items-end gap-2" key={discount?.applied ? discount.code : "none"}>
        <div className="flex-1">
          <label htmlFor="discount-code" className="text-sm font-medium">
            Discount code
          </label>
          <input
            id="discount-code"
            name="code"
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            defaultValue={discount && !discount.applied ? discount.code : ""}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "discount-code-error" : undefined}
            className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base ${message ? "border-red-600" : "border-gray-300"}`}
          />
        </div>
        <button type="submit" name="intent" value="apply-discount" className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50">
          Apply
        </button>
      </Form>
      {message ? (
        <p id="discount-code-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
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
