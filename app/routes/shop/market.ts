import { data, redirect } from "react-router";
import { safeRedirectPath } from "@server/auth";
import { readForm } from "@server/http/form";
import { chooseMarketFromForm } from "@server/pricing";
import type { Route } from "./+types/market";

/** The header and footer market selector: remembers the choice and goes back to the page (303, no JS needed). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const chosen = await chooseMarketFromForm(form.get("market"));
  if (!chosen.ok) return data({ ok: false as const, error: chosen.error }, { status: 400 });
  throw redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers: { "Set-Cookie": chosen.setCookie } });
}
