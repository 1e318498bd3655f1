import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SignOutForm, UserMenu } from "./user-menu";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.8a2 2 0 0 0 2-1.6L21 8H6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="10" cy="20.5" r="1.2" />
      <circle cx="18" cy="20.5" r="1.2" />
    </svg>
  );
}

export type HeaderUser = { email: string } | null;

export function Header({ shopName, cartCount, user }: { shopName: string; cartCount: number; user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const cartLabel = cartCount > 0 ? `Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}` : "Cart";
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-gray-700 hover:text-brand-700"}`;

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-lg font-extrabold tracking-tight text-brand-800">
          {shopName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === "/"} className={linkClass} prefetch="intent">
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Link to="/cart" aria-label={cartLabel} className="relative rounded-md p-2 text-gray-700 hover:text-brand-700">
            <CartIcon />
            {cartCount > 0 ? (
              <span data-testid="cart-count" className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white">
                {cartCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <UserMenu email={user.email} />
          ) : (
            <Link to="/auth" className="hidden rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 md:inline-block">
              Sign In
            </Link>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 md:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-gray-200 bg-white px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === "/"} className={linkClass}>
                  {n.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2">
              {user ? (
                <div className="border-t border-gray-200 pt-3">
                  <p className="px-3 text-sm text-gray-600">
                    Signed in as <span className="block break-all font-semibold text-gray-900">{user.email}</span>
                  </p>
                  <Link to="/account" className="mt-2 block rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:text-brand-700">
                    My Account
                  </Link>
                  <SignOutForm id="sign-out-mobile" />
                  <button
                    type="submit"
                    form="sign-out-mobile"
                    className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:text-brand-700"
                  >
                    Sign Out
                  </button>
                </div>
              ) : (
                <Link to="/auth" className="block rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white">
                  Sign In
                </Link>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
