import { lazy, Suspense, useEffect, useState } from "react";
import { Form } from "react-router";

export function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" strokeLinecap="round" />
    </svg>
  );
}

export const ACCOUNT_TRIGGER_CLASS =
  "hidden rounded-md p-2 text-gray-700 hover:text-brand-700 data-[state=open]:text-brand-700 md:inline-flex";

/** The form the Sign Out items submit: a POST, so the session ends on the server. */
export function SignOutForm({ id }: { id: string }) {
  return <Form id={id} method="post" action="/auth/sign-out" className="hidden" />;
}

// Radix's menu with its positioning (about 14 KB of gzip) is not part of the page's first load.
const AccountDropdown = lazy(() => import("./account-dropdown"));

/**
 * Desktop user menu: 'Signed in as {email}', My Account, Sign Out. The server and the hydration
 * render a plain button; the menu loads right after hydration, and a click on the button before it
 * has arrived opens it as soon as it has.
 */
export function UserMenu({ email }: { email: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => setHydrated(true), []);
  const button = (
    <button type="button" aria-label="Account menu" aria-haspopup="menu" aria-expanded={false} className={ACCOUNT_TRIGGER_CLASS} onClick={() => setOpenOnLoad(true)}>
      <UserIcon />
    </button>
  );
  if (!hydrated) return button;
  return (
    <Suspense fallback={button}>
      <AccountDropdown email={email} defaultOpen={openOnLoad} />
    </Suspense>
  );
}
