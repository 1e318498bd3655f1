import type { PricingSettings, ShippingMethod } from "../pricing";
import { zoneMethods } from "../pricing";
import { formatMoney } from "@core/money";

/**
 * The Shipping Policy's zone tables, written from the shipping settings, so the policy a shopper
 * reads and the prices the checkout charges can never disagree. content/shipping-policy.md holds
 * `{{shippingZone:<market id>}}` where a table goes and `{{dispatchDays}}` for the dispatch time.
 */

function transit(m: ShippingMethod): string {
  if (m.minDays === m.maxDays) return m.minDays === 1 ? "Next business day" : `${m.minDays} business days`;
  return `${m.minDays}-${m.maxDays} business days`;
}

/** "14:00" → "2 PM", "14:30" → "2:30 PM". */
function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "AM" : "PM"}`;
}

export function shippingZoneMarkdown(settings: PricingSettings, marketId: string): string {
  const market = settings.markets.find((m) => m.id === marketId);
  const methods = market?.enabled ? zoneMethods(settings, market.id) : [];
  if (!market || methods.length === 0) return "We are not shipping to these destinations at the moment.";
  const money = (minor: number) => formatMoney(minor, market.currency);
  const cost = (m: ShippingMethod) =>
    m.freeFromMinor === null ? money(m.priceMinor) : `${money(m.priceMinor)}, free on orders of ${money(m.freeFromMinor)} or more`;
  const rows = methods.map((m) => `| ${m.name} | ${transit(m)} | ${cost(m)} |`);
  const notes = methods
    .filter((m) => m.sameDayCutoff)
    .map((m) => `${m.name} orders must be placed by **${clockTime(m.sameDayCutoff!)}** (UK time) on a business day to be dispatched the same day.`);
  if (market.taxMode === "inclusive" && market.taxName) notes.push(`Prices and delivery charges include ${market.taxName}.`);
  return ["| Service | Delivery time | Cost |", "|---|---|---|", ...rows, "", ...notes.map((n) => `${n}\n`)].join("\n").trim();
}

export function fillShippingTables(text: string, settings: PricingSettings): string {
  return text
    .replaceAll("{{dispatchDays}}", `${settings.dispatchMinDays}-${settings.dispatchMaxDays} business days`)
    .replace(/\{\{shippingZone:([a-z0-9-]+)\}\}/g, (_, id: string) => shippingZoneMarkdown(settings, id));
}
