import { useFetcher, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useVisitorUser } from "~/lib/personal";

type BackInStockResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** The query the no-JS answer comes back with (the route redirects to the product page). */
export const BACK_IN_STOCK_SENT = "back-in-stock";

/**
 * "Email me when it's back" for a sold-out colour: one email when units can be bought again. A
 * signed-in customer's address is filled in. A plain form post without JavaScript.
 */
export function BackInStockForm({ variantId, colour }: { variantId: string; colour: string }) {
  const fetcher = useFetcher<BackInStockResult>();
  const [params] = useSearchParams();
  const email = useVisitorUser()?.email;
  const result = fetcher.data;
  // The email's own message, or the refusal (too many sign-ups) next to the one field.
  const error = result && !result.ok ? (result.fieldErrors.email ?? result.message) : null;
  const done = result?.ok ? result.message : params.get(BACK_IN_STOCK_SENT) === "sent" ? "Thanks: we will email you once when it is back." : null;
  return (
    <fetcher.Form method="post" action="/back-in-stock" className="flex flex-col gap-2" id="back-in-stock" noValidate>
      <input type="hidden" name="variantId" value={variantId} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          id="back-in-stock-email"
          label={`Email me when ${colour} is back`}
          name="email"
          type="email"
          required
          autoComplete="email"
          // Keyed by it: the address arrives after load (the page is shared) and fills the field then.
          key={email ?? "guest"}
          defaultValue={email}
          error={error ?? undefined}
          // Without an error, the field is described by the answer that appears under the form.
          aria-describedby={error ? "back-in-stock-email-error" : "back-in-stock-status"}
          className="min-w-0 flex-1"
        />
        <Button type="submit" className="sm:mt-6" aria-disabled={fetcher.state !== "idle" || undefined}>
          Email me when it&apos;s back
        </Button>
      </div>
      <p id="back-in-stock-status" role="status" className="text-sm text-green-800">
        {done}
      </p>
    </fetcher.Form>
  );
}
