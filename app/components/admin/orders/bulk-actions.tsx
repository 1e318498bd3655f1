import { useEffect } from "react";
import { useFetcher } from "react-router";
import { bulkSelectionQuery } from "@core/bulk-selection";
import { orderListQuery, type BulkFulfilAnswer, type OrderListFilter } from "@core/order-list-filter";
import { BulkBar } from "~/components/admin/bulk-bar";
import { CarrierField } from "~/components/admin/carrier-field";
import { buttonClass } from "~/components/ui/button";
import type { Selection } from "~/lib/use-selection";
import { usePermission } from "~/lib/use-permission";

/**
 * The orders list's bulk actions: fulfil the selection with one carrier (the list's action answers
 * what shipped and what was skipped and why), print its packing slips as one document, export it.
 */
export function BulkOrderActions({ selection, total, filter }: { selection: Selection; total: number; filter: OrderListFilter }) {
  const fulfil = useFetcher<BulkFulfilAnswer>();
  const mayFulfil = usePermission("orders:fulfil");
  const query = selection.selection ? bulkSelectionQuery(selection.selection, orderListQuery(filter)) : "";
  const answer = fulfil.state === "idle" ? fulfil.data : undefined;
  const { clear } = selection;
  useEffect(() => {
    if (answer?.ok) clear();
    // Only a new answer clears: `clear` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <>
      <BulkBar selection={selection} total={total} noun="order">
        {mayFulfil ? (
          <fulfil.Form method="post" action={`/admin/orders${query}`} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="bulk-fulfil" />
            <CarrierField id="bulk-carrier" />
            <button type="submit" disabled={fulfil.state !== "idle"} className={buttonClass("primary", "small")}>
              Fulfil {selection.count} {selection.count === 1 ? "order" : "orders"}
            </button>
          </fulfil.Form>
        ) : null}
        <a href={`/admin/orders/packing-slips${query}`} className={buttonClass("secondary", "small")}>
          Packing slips
        </a>
        <a href={`/admin/orders/export${query}`} download className={buttonClass("secondary", "small")}>
          Export selection
        </a>
      </BulkBar>
      <BulkFulfilOutcome answer={answer} />
    </>
  );
}

function BulkFulfilOutcome({ answer }: { answer: BulkFulfilAnswer | undefined }) {
  return (
    <div role="status" data-testid="bulk-outcome" className="text-sm">
      {answer?.ok ? (
        <div className="mt-3 rounded-xl border border-green-200 bg-green-50 p-3 text-green-900">
          <p className="font-semibold">
            Fulfilled {answer.fulfilled.length} {answer.fulfilled.length === 1 ? "order" : "orders"}; each customer was emailed.
          </p>
          {answer.skipped.length > 0 ? (
            <>
              <p className="mt-1">Skipped {answer.skipped.length}:</p>
              <ul className="ml-5 list-disc">
                {answer.skipped.map((s) => (
                  <li key={s.id}>
                    {s.number || s.id.slice(0, 8)}: {s.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : answer && !answer.ok ? (
        <p className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-800">{answer.message}</p>
      ) : null}
    </div>
  );
}
