import { DropdownMenu } from "radix-ui";
import { Form, Link, useSubmit } from "react-router";

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" strokeLinecap="round" />
    </svg>
  );
}

/** The form the Sign Out items submit: a POST, so the session ends on the server. */
export function SignOutForm({ id }: { id: string }) {
  return <Form id={id} method="post" action="/auth/sign-out" className="hidden" />;
}

const itemClass =
  "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

/** Desktop user menu: 'Signed in as {email}', My Account, Sign Out. */
export function UserMenu({ email }: { email: string }) {
  // The menu closes (and unmounts its items) on select, so the item submits the POST itself.
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="hidden rounded-md p-2 text-gray-700 hover:text-brand-700 data-[state=open]:text-brand-700 md:inline-flex"
      >
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-gray-600">
            Signed in as
            <span className="block truncate text-sm font-semibold text-gray-900">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">My Account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
