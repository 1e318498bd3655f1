import { NavLink, Outlet, data } from "react-router";
import { requireAdmin } from "@server/auth";
import type { Route } from "./+types/settings-layout";

/** The Settings area's tabs; each page's loader and action check admin rights themselves. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  return data(null);
}

const TABS = [
  { to: "/admin/settings", label: "Store details", end: true },
  { to: "/admin/settings/markets", label: "Markets", end: false },
  { to: "/admin/settings/shipping", label: "Shipping", end: false },
  { to: "/admin/settings/taxes", label: "Taxes", end: false },
];

export default function SettingsLayout() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-gray-700 hover:bg-gray-100"}`;
  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label="Settings">
        <ul className="flex flex-wrap gap-1">
          {TABS.map((t) => (
            <li key={t.to}>
              <NavLink to={t.to} end={t.end} className={tab}>
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        <Outlet />
      </div>
    </div>
  );
}
