import { NavLink, Outlet } from "react-router";
import { requireUser } from "@server/auth";
import type { Route } from "./+types/layout";

const SECTIONS = [
  { to: "/account", label: "Orders", end: true },
  { to: "/account/addresses", label: "Addresses" },
  { to: "/account/password", label: "Password" },
  { to: "/account/two-factor", label: "Two-factor authentication" },
  { to: "/account/delete", label: "Delete account" },
];

/** Personal pages: never stored by shared caches or the browser's back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Every page below /account calls requireUser in its own loader too: loaders run in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">My Account</h1>
      <p className="mt-1 break-all text-sm text-gray-600">Signed in as {email}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Account" className="min-w-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map((s) => (
              <li key={s.to} className="shrink-0">
                <NavLink
                  to={s.to}
                  end={s.end}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-100"}`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0">
          <Outlet />
        </section>
      </div>
    </main>
  );
}
