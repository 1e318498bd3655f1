import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { providerName } from "@core/order-workspace";
import { itemLabel } from "@core/variant";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { buttonClass } from "~/components/ui/button";
import { inputClass, TextField } from "~/components/ui/field";
import { useOrderAction } from "./order-action";
import { orderMoney } from "./order-money";
import { useConfirmedSubmit } from "./use-confirmed-submit";

/**
 * "Issue a refund": units of each line (with what each unit gives back), the shipping, a goodwill
 * amount and a reason; the button says the exact amount, and the submit asks first. Nothing while
 * nothing is left to refund (`leftCents`); it stays mounted so the amount it describes survives.
 */
export function RefundForm({ order, leftCents }: { order: AdminOrderDetail; leftCents: number }) {
  const { result, busy, fields, lastFor } = useOrderAction();
  const money = orderMoney(order);
  const choices = order.refundChoices;
  const refundConfirm = useConfirmedSubmit();
  const [refundCents, setRefundCents] = useState(0);
  const refundForm = useRef<HTMLFormElement>(null);
  /** The refund the form describes now, exactly as the server will send it: the lines' units, the shipping, the free amount. */
  const computeRefund = () => {
    const form = refundForm.current;
    if (!form || !choices) return 0;
    const data = new FormData(form);
    const lines = order.lines.reduce((sum, l) => {
      const steps = choices.lineSteps[l.id] ?? [0];
      const units = Math.min(Math.max(0, Math.trunc(Number(data.get(`qty.${l.id}`)) || 0)), steps.length - 1);
      return sum + steps[units];
    }, 0);
    const shipping = data.get("shipping") === "on" ? choices.shippingCents : 0;
    const amount = /^\d{1,7}(\.\d{1,2})?$/.test(String(data.get("amount") ?? "").trim()) ? Math.round(Number(data.get("amount")) * 100) : 0;
    return lines + shipping + amount;
  };
  // After a refund went through, the form starts empty: no quantity left behind inviting a second one.
  useEffect(() => {
    if (result?.ok && result.intent === "refund") {
      refundForm.current?.reset();
      setRefundCents(0);
    }
  }, [result]);

  return (
    <>
      {leftCents > 0 ? (
        <details className="mt-3 rounded-lg border border-gray-200 p-3" open={lastFor("refund")?.ok === false}>
          <summary className="cursor-pointer font-semibold">Issue a refund</summary>
          <Form
            ref={refundForm}
            method="post"
            className="mt-3 space-y-3"
            onChange={() => setRefundCents(computeRefund())}
            onSubmit={refundConfirm.ask}
          >
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="key" value={order.refundFormKey} />
            <p className="text-gray-700">Up to {money(leftCents)} is left to refund. Refund items, an amount, or both.</p>
            <fieldset className="space-y-2">
              <legend className="font-medium">Items</legend>
              {order.lines.map((l) => {
                const left = l.quantity - l.refundedQuantity;
                const qtyId = `refund-qty-${l.id}`;
                const steps = choices?.lineSteps[l.id] ?? [0];
                const each = steps.length > 1 ? steps[1] - steps[0] : 0;
                const last = steps.length > 1 ? steps[steps.length - 1] - steps[steps.length - 2] : 0;
                return (
                  <div key={l.id} className="flex flex-wrap items-end gap-3">
                    <div>
                      <label htmlFor={qtyId} className="mb-1 block text-sm">
                        {itemLabel(l.title, l.variantName)}, units to refund (of {left})
                      </label>
                      {left > 0 ? (
                        <p className="mb-1 text-sm text-gray-700" data-testid="refund-per-unit">
                          {money(each)} per unit{last !== each ? `, the last ${money(last)}` : ""}
                        </p>
                      ) : null}
                      <input
                        id={qtyId}
                        name={`qty.${l.id}`}
                        type="number"
                        min={0}
                        max={left}
                        defaultValue={0}
                        disabled={left === 0}
                        inputMode="numeric"
                        className={`${inputClass} w-24`}
                      />
                    </div>
                    <label className="flex items-center gap-2 pb-2">
                      <input type="checkbox" name={`restock.${l.id}`} defaultChecked disabled={left === 0} className="h-4 w-4" />
                      Put back in stock
                    </label>
                  </div>
                );
              })}
            </fieldset>
            {choices && choices.shippingCents > 0 ? (
              <label className="flex items-center gap-2">
                <input type="checkbox" name="shipping" className="h-4 w-4" />
                Refund the shipping ({money(choices.shippingCents)})
              </label>
            ) : null}
            <TextField
              id="refund-amount"
              label="Additional amount (goodwill)"
              name="amount"
              inputMode="decimal"
              error={fields.amount}
              hint="In the order's currency, e.g. 5.00"
              className="max-w-xs"
            />
            <TextField id="refund-reason" label="Reason" name="reason" required maxLength={500} error={fields.reason} />
            <button type="submit" disabled={busy} className={buttonClass("primary", "small")}>
              {refundCents > 0 ? `Refund ${money(refundCents)}` : "Refund"}
            </button>
          </Form>
        </details>
      ) : null}
      <ConfirmDialog
        open={refundConfirm.pending !== null}
        onOpenChange={(open) => !open && refundConfirm.close()}
        title={`Refund ${money(refundCents)}?`}
        description={`${money(refundCents)} goes back to the customer's card through ${providerName(order.paymentProvider)}, and they are emailed. This cannot be undone.`}
        confirmLabel={`Refund ${money(refundCents)}`}
        cancelLabel="Don't refund"
        destructive
        onConfirm={refundConfirm.confirm}
      />
    </>
  );
}
