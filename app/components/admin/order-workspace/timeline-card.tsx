import { Form } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { Card } from "~/components/admin/card";
import { buttonClass } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useAdminDate } from "~/lib/use-admin-date";
import { useOrderAction } from "./order-action";

/** What the timeline calls each event type that is not a status change. */
const EVENT_LABELS: Record<string, string> = {
  note: "Staff note",
  confirmation_resent: "Confirmation resent",
  fulfilled: "Fulfilled",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  address_changed: "Address changed",
  return_requested: "Return requested",
  return_approved: "Return approved",
  return_declined: "Return declined",
  return_received: "Return received",
  return_refunded: "Return closed",
};

/** The order's history, newest first (status changes, events, staff notes), and the form adding a note. */
export function TimelineCard({ order }: { order: AdminOrderDetail }) {
  const { busy, fields } = useOrderAction();
  const date = useAdminDate();
  return (
    <Card title="Timeline" id="timeline-title">
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="note" />
        <TextAreaField
          id="order-note"
          label="Add a note"
          name="note"
          rows={2}
          maxLength={2000}
          required
          error={fields.note}
          hint="Notes are for staff only: the customer never sees them."
        />
        <button type="submit" disabled={busy} className={buttonClass("secondary", "small")}>
          Add note
        </button>
      </Form>
      <ol aria-label="Order timeline" className="mt-4 space-y-2">
        {[...order.history].reverse().map((h) => (
          <li key={h.id} className={`border-l-2 pl-3 ${h.type === "note" ? "border-amber-400" : "border-gray-200"}`}>
            <p>
              <span className="font-medium">
                {h.to && !EVENT_LABELS[h.type]
                  ? `${h.from ? `${ORDER_STATUS_LABELS[h.from] ?? h.from} → ` : ""}${ORDER_STATUS_LABELS[h.to] ?? h.to}`
                  : (EVENT_LABELS[h.type] ?? h.type.replace(/_/g, " "))}
              </span>{" "}
              <span className="text-gray-700">by {h.by}</span>
            </p>
            {h.note ? <p className={h.type === "note" ? "whitespace-pre-line" : "text-gray-800"}>{h.note}</p> : null}
            <p className="text-xs text-gray-600">
              <time dateTime={h.at}>{date(h.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
