import { Form } from "react-router";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { FULFILMENT_FILTERS, LIST_STATUSES, PAYMENT_FILTERS, type OrderListFilter } from "@core/order-list-filter";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "@core/order-workspace";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useFilterForm } from "~/lib/use-filter-form";

/**
 * The order list's filters: a GET form, so every filter is in the URL. With JavaScript a change
 * applies itself (typing waits a moment); without it the Filter button sends the form.
 */
export function OrderFilters({ filter }: { filter: OrderListFilter }) {
  const { form, applyAfter } = useFilterForm();
  const select = (id: string, label: string, name: string, value: string | undefined, options: [string, string][]) => (
    <SelectField
      id={id}
      label={label}
      name={name}
      defaultValue={value ?? ""}
      onChange={() => applyAfter(0)}
      options={[{ value: "", label: "All" }, ...options.map(([v, l]) => ({ value: v, label: l }))]}
    />
  );

  return (
    <Form ref={form} method="get" role="search" aria-label="Filter orders" className="grid flex-1 grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      <TextField
        id="order-search"
        label="Search"
        type="search"
        name="q"
        defaultValue={filter.q ?? ""}
        placeholder="Name, email, order ID or number"
        onChange={() => applyAfter(300)}
        className="col-span-2 min-w-48 flex-1"
      />
      {select("order-status", "Status", "status", filter.status, LIST_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]]))}
      {select("order-payment", "Payment", "payment", filter.payment, PAYMENT_FILTERS.map((s) => [s, PAYMENT_STATUS_LABELS[s]]))}
      {select("order-fulfilment", "Fulfilment", "fulfilment", filter.fulfilment, FULFILMENT_FILTERS.map((s) => [s, FULFILMENT_STATUS_LABELS[s]]))}
      <TextField id="order-from" label="From" type="date" name="from" defaultValue={filter.from ?? ""} onChange={() => applyAfter(500)} />
      <TextField id="order-to" label="To" type="date" name="to" defaultValue={filter.to ?? ""} onChange={() => applyAfter(500)} />
      <noscript>
        <button type="submit" className={buttonClass("secondary", "small")}>
          Filter
        </button>
      </noscript>
    </Form>
  );
}
