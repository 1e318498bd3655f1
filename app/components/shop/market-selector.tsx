import { Form, useLocation } from "react-router";
import type { MarketSummary } from "@core/market";
import { currencySymbol } from "@core/money";

/**
 * The country/currency selector of the header and footer. A plain form posting to /market, so it
 * works without JavaScript (the button); with it, choosing submits at once and every loader of the
 * page re-runs, re-pricing what is shown.
 */
export function MarketSelector({ market, id, dark = false }: { market: MarketSummary; id: string; dark?: boolean }) {
  const location = useLocation();
  const field = dark ? "border-gray-600 bg-gray-800 text-white" : "border-gray-300 bg-white text-gray-800";
  return (
    <Form method="post" action="/market" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className={dark ? "w-full text-sm text-gray-300" : "sr-only"}>
        Region and currency
      </label>
      <select
        id={id}
        name="market"
        defaultValue={market.id}
        key={market.id}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className={`min-h-8 min-w-0 max-w-full rounded-md border px-2 py-1 text-sm ${field}`}
      >
        {market.choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({currencySymbol(c.currency)} {c.currency})
          </option>
        ))}
      </select>
      <button type="submit" className={`min-h-8 rounded-md border px-3 py-1 text-sm font-medium ${field}`}>
        Update
      </button>
    </Form>
  );
}
