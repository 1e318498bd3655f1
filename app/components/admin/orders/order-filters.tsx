import { ORDER_STATUS_LABELS } from "@core/order-status";
import { FULFILMENT_FILTERS, LIST_STATUSES, PAYMENT_FILTERS, type OrderListFilter } from "@core/order-list-filter";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "@core/order-workspace";
import { FilterForm, FilterSelect } from "~/components/admin/list-filters";
import { TextField } from "~/components/ui/field";

/** The order list's filters: search, status, payment, fulfilment and a date range, all in the URL. */
export function OrderFilters({ filter }: { filter: OrderListFilter }) {
  const active = [filter.status, filter.payment, filter.fulfilment, filter.from, filter.to].filter(Boolean).length;
  return (
    <FilterForm
      label="Filter orders"
      active={active}
      search={{ id: "order-search", value: filter.q, placeholder: "Name, email, order ID or number" }}
    >
      {(apply) => (
        <>
          <FilterSelect id="order-status" label="Status" name="status" value={filter.status} options={LIST_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]])} apply={apply} />
          <FilterSelect id="order-payment" label="Payment" name="payment" value={filter.payment} options={PAYMENT_FILTERS.map((s) => [s, PAYMENT_STATUS_LABELS[s]])} apply={apply} />
          <FilterSelect
            id="order-fulfilment"
            label="Fulfilment"
            name="fulfilment"
            value={filter.fulfilment}
            options={FULFILMENT_FILTERS.map((s) => [s, FULFILMENT_STATUS_LABELS[s]])}
            apply={apply}
          />
          <TextField id="order-from" label="From" type="date" name="from" defaultValue={filter.from ?? ""} onChange={() => apply(500)} />
          <TextField id="order-to" label="To" type="date" name="to" defaultValue={filter.to ?? ""} onChange={() => apply(500)} />
        </>
      )}
    </FilterForm>
  );
}
