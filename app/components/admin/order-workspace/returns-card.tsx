import { Form } from "react-router";
import { RETURN_STATUS_LABELS, type AdminOrderDetail } from "@core/order-view";
import { itemLabel } from "@core/variant";
import { Card } from "~/components/admin/card";
import { usePermission } from "~/lib/use-permission";
import { buttonClass } from "~/components/ui/button";
import { useAdminDate } from "~/lib/use-admin-date";
import { ActionResult, useOrderAction } from "./order-action";
import { orderMoney } from "./order-money";

/** Each step a return request may take next, from its status: the form's step and its button. */
const RETURN_STEPS = (refundLabel: string) =>
  [
    ["requested", "approve", "Approve return"],
    ["requested", "decline", "Decline return"],
    ["approved", "receive", "Mark as received"],
    ["received", "refund", refundLabel],
  ] as const;

/**
 * The customer's return requests: what, when and why, with the next step's buttons (approve or
 * decline, mark as received, refund and restock). Nothing when there are none.
 */
export function ReturnsCard({ order }: { order: AdminOrderDetail }) {
  const { busy } = useOrderAction();
  const date = useAdminDate();
  // The refund step moves money ("Refund orders"); approving, declining and receiving are fulfilment.
  const mayRefund = usePermission("orders:refund");
  const mayFulfil = usePermission("orders:fulfil");
  const money = orderMoney(order);
  const returnValue = (r: (typeof order.returns)[number]) => order.refundChoices?.returnCents[r.id] ?? 0;
  if (order.returns.length === 0) return null;
  return (
    <Card title="Returns" id="returns-title">
      <ActionResult intent="return" />
      <ul className="space-y-3">
        {order.returns.map((r) => (
          <li key={r.id} className="rounded-lg border border-gray-200 p-3" data-testid="return-request">
            <p className="font-medium">{RETURN_STATUS_LABELS[r.status]}</p>
            <p>
              {r.lines.map((l) => `${l.quantity} × ${itemLabel(l.title, l.variantName)}`).join(", ")} · requested{" "}
              <time dateTime={r.createdAt}>{date(r.createdAt)}</time>
            </p>
            <p className="text-gray-800">Reason: {r.reason}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {RETURN_STEPS(`Refund ${money(returnValue(r))} and restock`)
                .filter(([status, step]) => status === r.status && (step === "refund" ? mayRefund : mayFulfil))
                .map(([, step, label]) => (
                  <Form key={step} method="post">
                    <input type="hidden" name="intent" value="return" />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="step" value={step} />
                    <button type="submit" disabled={busy} className={buttonClass(step === "decline" ? "secondary" : "primary", "small")}>
                      {label}
                    </button>
                  </Form>
                ))}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
