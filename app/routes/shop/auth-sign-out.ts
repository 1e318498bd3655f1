import { redirect } from "react-router";
import { cookieHeaders } from "@server/auth";
import { signOut } from "@server/auth";
import type { Route } from "./+types/auth-sign-out";

/** POST /auth/sign-out (the header's Sign Out): ends the session on the server, then /auth. */
export async function action({ request }: Route.ActionArgs) {
  return redirect("/auth", { status: 303, headers: cookieHeaders(await signOut(request)) });
}

export function loader() {
  return redirect("/");
}
