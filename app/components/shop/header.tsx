import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { POLICY_LINKS, QUICK_LINKS } from "./site-links";
import type { MarketSummary } from "@core/market";
import { MarketSelector } from "./market-selector";
import { SearchForm, SearchIcon } from "./search-form";
import { SignOutForm, UserMenu } from "./user-menu";
import { HeartIcon } from "./wishlist-button";
import { buttonClass } from "~/components/ui/button";
import { CART_BADGE_ID, CartHintScript, useCartCount, useVisitorUser } from "~/lib/personal";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/collections/accessories", label: "Accessories" },
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

/** Mobile menu rows: at least 44 px tall (WCAG 2.5.5 target size), the whole row is the link. */
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-medium ${isActive ? "text-brand-700" : "text-gray-800 hover:bg-gray-50 hover:text-brand-700"}`;

function MobileLinkGroup({ heading, links }: { heading: string; links: { to: string; label: string }[] }) {
  const id = `mobile-${heading.toLowerCase()}`;
  return (
    <div className="mt-2 border-t border-gray-200 pt-2">
      <h2 id={id} className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-gray-600">
        {heading}
      </h2>
      <ul aria-labelledby={id}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={mobileLinkClass}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * On a shared page the same header for every visitor (ADR 018): the cart count and the user menu come
 * from the visitor's personal answer after load, the count before paint from its hint cookie.
 */
export function Header({ shopName, market }: { shopName: string; market: MarketSummary }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const cartCount = useCartCount();
  const user = useVisitorUser();
  const cartLabel = cartCount > 0 ? `Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}` : "Cart";
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-gray-700 hover:text-brand-700"}`;

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <div className="border-b border-gray-100 bg-gray-50">
        <div className="mx-auto flex max-w-6xl items-center justify-end px-4 py-1">
          <MarketSelector market={market} id="market-header" />
        </div>
      </div>
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
          {/* A box where there is room; elsewhere a link to the results page and its own box. */}
          <div className="hidden w-56 lg:block">
            <SearchForm id="header-search" />
          </div>
          <Link to="/search" aria-label="Search" className="flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:text-brand-700 lg:hidden">
            <SearchIcon className="h-6 w-6" />
          </Link>
          <Link to="/wishlist" aria-label="Wishlist" className="flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:text-brand-700">
            <HeartIcon filled={false} />
          </Link>
          {/* The badge is always there (hidden at 0): the hint script fills it before paint. */}
          <Link to="/cart" aria-label={cartLabel} suppressHydrationWarning className="relative flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:text-brand-700">
            <CartIcon />
            <span
              id={CART_BADGE_ID}
              data-testid="cart-count"
              hidden={cartCount === 0}
              suppressHydrationWarning
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white [&[hidden]]:hidden"
            >
              {cartCount > 0 ? cartCount : ""}
            </span>
          </Link>
          <CartHintScript />
          {/* One width for "Sign In" and the account button: the swap after load moves nothing. */}
          <div className="flex h-11 w-[5.5rem] items-center justify-end max-md:hidden">
            {user ? (
              <UserMenu email={user.email} />
            ) : (
              <Link to="/auth" className={buttonClass("primary", "small", "whitespace-nowrap")}>
                Sign In
              </Link>
            )}
          </div>
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-md text-gray-700 md:hidden"
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
        <nav id="mobile-menu" aria-label="Mobile" className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-4 pt-2 md:hidden">
          <ul className="flex flex-col">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === "/"} className={mobileLinkClass}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-gray-200 pt-2">
            {user ? (
              <>
                <p className="px-3 py-2 text-sm text-gray-600">
                  Signed in as <span className="block break-all font-semibold text-gray-900">{user.email}</span>
                </p>
                <Link to="/account" className={mobileLinkClass({ isActive: false })}>
                  My Account
                </Link>
                <SignOutForm id="sign-out-mobile" />
                <button type="submit" form="sign-out-mobile" className={`${mobileLinkClass({ isActive: false })} w-full text-left`}>
                  Sign Out
                </button>
              </>
            ) : (
              <Link to="/auth" className={buttonClass("primary", "medium", "my-1 min-h-11 w-full")}>
                Sign In
              </Link>
            )}
          </div>
          <MobileLinkGroup heading="Help" links={QUICK_LINKS.filter((l) => !NAV.some((n) => n.to === l.to))} />
          <MobileLinkGroup heading="Policies" links={POLICY_LINKS} />
        </nav>
      ) : null}
    </header>
  );
}
