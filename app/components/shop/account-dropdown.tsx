import { DropdownMenu } from "radix-ui";
import { Link, useSubmit } from "react-router";
import { ACCOUNT_TRIGGER_CLASS, UserIcon } from "./user-menu";

const itemClass =
  "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-gray-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

/** Radix's dropdown behind the account button, loaded by UserMenu once the page has hydrated. */
export default function AccountDropdown({ email, defaultOpen }: { email: string; defaultOpen: boolean }) {
  // The menu closes (and unmounts its items) on select, so the item submits the POST itself.
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label="Account menu" className={ACCOUNT_TRIGGER_CLASS}>
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
