import { useRouteLoaderData } from "react-router";
import type { MarketSummary } from "@core/market";

/** The shopper's market, from the shop layout's loader (null outside the storefront). */
export function useMarket(): MarketSummary | null {
  const data = useRouteLoaderData("routes/shop/layout") as { market?: MarketSummary } | undefined;
  return data?.market ?? null;
}
