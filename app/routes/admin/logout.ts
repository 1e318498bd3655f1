import { redirect } from "react-router";
import { cookieHeaders } from "@server/auth";
import { signOut } from "@server/auth";
import type { Route } from "./+types/logout";

/** POST /admin/logout: ends the session on the server and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  const cookies = await signOut(request);
  return redirect("/admin-login", { status: 303, headers: cookieHeaders(cookies) });
}

export function loader() {
  return redirect("/admin/dashboard");
}
