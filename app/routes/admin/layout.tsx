import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, Outlet, data, useLocation, useRevalidator } from "react-router";
import { requireAdmin } from "@server/auth";
import { Icon, type IconName } from "~/components/admin/icons";
import { adminTitle } from "~/lib/admin";
import { AdminTimeZone } from "~/lib/use-admin-date";
import { AdminPermissions } from "~/lib/use-permission";
import { isTimeZone, timeZoneCookie, timeZoneFromCookie } from "@core/admin-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ADMIN_SECTIONS, allows, staffHome, type Permission } from "@core/staff-roles";
import type { Route } from "./+types/layout";

/**
 * The back office's frame: sidebar (collapsible on wide screens, a drawer on phones), header with the
 * section title. The guard here is not the control (every child loader and action calls requireAdmin
 * with its permission); it only keeps the frame from rendering for someone who is not staff, and the
 * menu lists only the sections whose permission the member holds. The permissions also reach the
 * pages (AdminPermissions), which hide the forms the server would refuse.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "any");
  return data({ email: admin.email, permissions: admin.permissions, timeZone: timeZoneFromCookie(request.headers.get("Cookie")) });
}

/**
 * The back office's own boundary: a customer signed in is refused here (403: "You do not have
 * permission to view this page."), and a page without a boundary of its own ends here. It replaces
 * the frame, whose loader may be what failed; pages with their own boundary keep the frame.
 */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}


/** Each section's icon (core/staff-roles.ts lists the sections and the permission each needs). */
const ICONS: Record<string, IconName> = {
  "/admin/dashboard": "dashboard",
  "/admin/orders": "orders",
  "/admin/customers": "customers",
  "/admin/products": "products",
  "/admin/inventory": "inventory",
  "/admin/discounts": "discounts",
  "/admin/reviews": "reviews",
  "/admin/posts": "posts",
  "/admin/audit": "audit",
  "/admin/mailbox": "mailbox",
  "/admin/staff": "customers",
  "/admin/settings": "settings",
};

const COLLAPSED_KEY = "admin-sidebar-collapsed";

function NavLinks({ permissions, collapsed = false }: { permissions: readonly Permission[]; collapsed?: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
      isActive ? "bg-brand-700 text-white" : "text-gray-200 hover:bg-white/10 hover:text-white"
    } ${collapsed ? "justify-center" : ""}`;
  return (
    <ul className="space-y-1">
      {ADMIN_SECTIONS.filter((n) => allows(permissions, n.needs)).map((n) => (
        <li key={n.to}>
          <NavLink to={n.to} className={item} title={collapsed ? n.label : undefined}>
            <Icon name={ICONS[n.to]} className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>{n.label}</span>
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to="/admin/profile" className={item} title={collapsed ? "Profile" : undefined}>
          <Icon name="profile" className="h-5 w-5 shrink-0" />
          <span className={collapsed ? "sr-only" : ""}>Profile</span>
        </NavLink>
      </li>
      <li>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            title={collapsed ? "Logout" : undefined}
            className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-200 hover:bg-white/10 hover:text-white ${collapsed ? "justify-center" : ""}`}
          >
            <Icon name="logout" className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>Logout</span>
          </button>
        </Form>
      </li>
    </ul>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const title = adminTitle(pathname);
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  // The collapsed sidebar is a per-browser preference, read after hydration so SSR output stays stable.
  useEffect(() => setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === "1"), []);
  useEffect(() => setMenuOpen(false), [pathname]);
  // Dates are rendered in the admin's zone: tell the server once, then render again with it.
  const revalidator = useRevalidator();
  const { timeZone } = loaderData;
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser && browser !== timeZone && isTimeZone(browser)) {
      document.cookie = timeZoneCookie(browser);
      void revalidator.revalidate();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per zone the server reports
  }, [timeZone]);
  const toggleCollapsed = () => {
    setCollapsed((c) => {
      window.localStorage.setItem(COLLAPSED_KEY, c ? "0" : "1");
      return !c;
    });
  };

  return (
    <div className="flex min-h-screen bg-gray-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <aside className={`hidden shrink-0 flex-col bg-gray-900 text-white md:flex ${collapsed ? "w-16" : "w-60"}`}>
        <div className={`flex h-16 items-center border-b border-white/10 px-3 ${collapsed ? "justify-center" : "justify-between"}`}>
          {collapsed ? null : (
            <Link to={staffHome(loaderData.permissions)} className="px-2 text-base font-extrabold tracking-tight">
              Pocket Retro <span className="font-normal text-gray-300">Admin</span>
            </Link>
          )}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            className="rounded-lg p-2 text-gray-300 hover:bg-white/10 hover:text-white"
          >
            <Icon name={collapsed ? "chevronRight" : "chevronLeft"} />
          </button>
        </div>
        <nav aria-label="Admin" className="flex-1 p-2">
          <NavLinks permissions={loaderData.permissions} collapsed={collapsed} />
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-gray-200 bg-white px-4">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger aria-label="Open menu" className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 md:hidden">
              <Icon name="menu" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-gray-900 p-3 text-white shadow-xl focus:outline-none md:hidden">
                <div className="mb-3 flex items-center justify-between px-2">
                  <Dialog.Title className="text-base font-extrabold">Pocket Retro Admin</Dialog.Title>
                  <Dialog.Close aria-label="Close menu" className="rounded-lg p-2 text-gray-300 hover:bg-white/10 hover:text-white">
                    <Icon name="close" />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Back office sections</Dialog.Description>
                <nav aria-label="Admin">
                  <NavLinks permissions={loaderData.permissions} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <h1 className="text-xl font-bold text-gray-900">{title}</h1>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <Link to="/admin/profile" className="hidden text-gray-600 hover:text-gray-900 hover:underline sm:inline" title="Your profile">
              {loaderData.email}
            </Link>
            <a href="/" className="rounded-lg border border-gray-300 px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50">
              View shop
            </a>
          </div>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          <AdminTimeZone.Provider value={timeZone}>
            <AdminPermissions.Provider value={loaderData.permissions}>
              <Outlet />
            </AdminPermissions.Provider>
          </AdminTimeZone.Provider>
        </main>
      </div>
    </div>
  );
}
