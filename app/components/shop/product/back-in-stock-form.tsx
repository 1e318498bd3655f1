import { useFetcher, useRouteLoaderData, useSearchParams } from "react-router";

type BackInStockResult = { ok: true; message: string } | { ok: false; error: string };

/** The query the no-JS answer comes back with (the route redirects to the product page). */
export const BACK_IN_STOCK_SENT = "back-in-stock";

/**
 * "Email me when it's back" for a sold-out colour: one email when units can be bought again. A
 * signed-in customer's address is filled in. A plain form post without JavaScript.
 */
export function BackInStockForm({ variantId, colour }: { variantId: string; colour: string }) {
  const fetcher = useFetcher<BackInStockResult>();
  const [params] = useSearchParams();
  const layout = useRouteLoaderData("routes/shop/layout") as { user: { email: string } | null } | undefined;
  const result = fetcher.data;
  const error = result && !result.ok ? result.error : null;
  const done = result?.ok ? result.message : params.get(BACK_IN_STOCK_SENT) === "sent" ? "Thanks: we will email you once when it is back." : null;
  return (
    <fetcher.Form method="post" action="/back-in-stock" className="flex flex-col gap-2" id="back-in-stock" noValidate>
      <input type="hidden" name="variantId" value={variantId} />
      <label htmlFor="back-in-stock-email" className="text-sm font-semibold text-gray-900">
        Email me when {colour} is back
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="back-in-stock-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={layout?.user?.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "back-in-stock-error" : "back-in-stock-status"}
          className={`min-h-12 min-w-0 flex-1 rounded-lg border px-3 text-base ${error ? "border-red-600" : "border-gray-300"}`}
        />
        <button
          type="submit"
          className="min-h-12 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          aria-disabled={fetcher.state !== "idle" || undefined}
        >
          Email me when it&apos;s back
        </button>
      </div>
      {error ? (
        <p id="back-in-stock-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id="back-in-stock-status" role="status" className="text-sm text-green-800">
        {done}
      </p>
    </fetcher.Form>
  );
}
