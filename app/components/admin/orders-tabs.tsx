import { Link } from "react-router";

/** Orders and abandoned checkouts are two views of the orders section; links, so they work without JS. */
export function OrdersTabs({ current, abandoned }: { current: "orders" | "abandoned"; abandoned: number }) {
  const tab = (active: boolean) =>
    `-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${active ? "border-brand-700 text-brand-800" : "border-transparent text-gray-700 hover:text-gray-900"}`;
  return (
    <nav aria-label="Order views" className="flex gap-2 border-b border-gray-200">
      <Link to="/admin/orders" aria-current={current === "orders" ? "page" : undefined} className={tab(current === "orders")}>
        Orders
      </Link>
      <Link to="/admin/orders/abandoned" aria-current={current === "abandoned" ? "page" : undefined} className={tab(current === "abandoned")}>
        Abandoned checkouts ({abandoned.toLocaleString("en-US")})
      </Link>
    </nav>
  );
}
