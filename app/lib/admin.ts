import type { MetaDescriptor } from "react-router";

/** Admin pages: a plain title and never indexed (the X-Robots-Tag header says the same). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin | Pocket Retro` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Header title by path (spec section 2). */
export function adminTitle(pathname: string): string {
  const sections: [string, string][] = [
    ["/admin/dashboard", "Dashboard"],
    ["/admin/orders", "Orders"],
    ["/admin/customers", "Customers"],
    ["/admin/products", "Products"],
    ["/admin/inventory", "Inventory"],
    ["/admin/discounts", "Discounts"],
    ["/admin/reviews", "Reviews"],
    ["/admin/posts", "Blog Posts"],
    ["/admin/audit", "Audit Log"],
    ["/admin/mailbox", "Mailbox"],
    ["/admin/staff", "Staff"],
    ["/admin/settings", "Settings"],
    ["/admin/profile", "Profile"],
  ];
  return sections.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? "Admin Panel";
}

/** Dates in the back office: one fixed zone (UTC) so server and browser render the same text. */
export function formatAdminDate(iso: string, withTime = false): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", hour12: false } : {}),
    timeZone: "UTC",
  });
}
