import { Form, data } from "react-router";
import { unsubscribeByToken } from "@server/checkout";
import { seo } from "~/lib/seo";
import { ResultPage } from "~/components/shop/result-page";
import type { Route } from "./+types/unsubscribe";

/**
 * One-click unsubscribe (RFC 8058). A mail client posts `List-Unsubscribe=One-Click` to this URL
 * (the List-Unsubscribe header); the link in the email opens a page whose button posts the same. A
 * GET never unsubscribes: link scanners open every link in an email.
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await unsubscribeByToken(token);
  if ("message" in outcome) return data({ done: false, message: outcome.message }, { status: 400 });
  return data({ done: true, message: "You are unsubscribed. We will send you no more offers or reminders." });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Unsubscribe", description: "Stop offers and reminders by email.", path: "/unsubscribe", noindex: true });

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <ResultPage tone="neutral" title="Unsubscribe" links={[{ to: "/", label: "Return to Homepage" }]}>
      {actionData ? (
        <p role="status">{actionData.message}</p>
      ) : (
        <Form method="post">
          <p>Stop all offers and reminders we send to your email address.</p>
          <button type="submit" className="mt-4 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Unsubscribe
          </button>
        </Form>
      )}
    </ResultPage>
  );
}
