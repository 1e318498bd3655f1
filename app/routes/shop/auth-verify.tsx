import { Link, redirect } from "react-router";
import { confirmEmail } from "@server/auth";
import { AuthCard } from "~/components/account/auth-card";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/auth-verify";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Confirm your email", description: "Email confirmation.", path: "/auth/verify", noindex: true });

/** The link in the confirmation email lands here; a good token confirms and goes to sign-in. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token && (await confirmEmail(token))) throw redirect("/auth?notice=confirmed", 303);
  return null;
}

export default function VerifyEmail() {
  return (
    <AuthCard title="Confirm your email">
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
        This confirmation link is invalid or has expired.
      </div>
      <p className="text-sm text-gray-700">
        Sign in with your email and password: if your address still needs confirming, you can ask for a new link there.
      </p>
      <Link to="/auth" className={buttonClass("primary", "medium", "w-full")}>
        Go to sign in
      </Link>
    </AuthCard>
  );
}
