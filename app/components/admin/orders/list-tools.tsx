import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { hasOrderListFilter, orderListQuery, type OrderListFilter } from "@core/order-list-filter";
import { Icon } from "~/components/admin/icons";
import { buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";

/** Beside the filters: export what the list shows, clear the filters, reload the list now. */
export function ListTools({ filter }: { filter: OrderListFilter }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** A failed reload swaps the page for its error boundary, which unmounts this component. */
  const refresh = async () => {
    await revalidator.revalidate();
    if (mounted.current) toast({ title: "Data refreshed" });
    else toast({ title: "Refresh Failed", description: "Failed to refresh order data. Please try again.", variant: "destructive" });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {/* A download, not a page: the browser saves the file (and without JavaScript too). */}
      <a href={`/admin/orders/export${orderListQuery(filter)}`} download className={buttonClass("secondary", "small")}>
        Export CSV
      </a>
      {hasOrderListFilter(filter) ? (
        <Link to="/admin/orders" className={buttonClass("secondary", "small")}>
          Clear filters
        </Link>
      ) : null}
      <button
        type="button"
        onClick={() => void refresh()}
        disabled={revalidator.state !== "idle"}
        className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
      >
        <Icon name="refresh" className="h-4 w-4" /> Refresh
      </button>
    </div>
  );
}
