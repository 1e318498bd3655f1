/**
 * Carriers staff can pick when fulfilling an order, with the page where a customer follows a parcel.
 * "Other" has no tracking page: the number is sent as it is.
 */
export const CARRIERS = {
  royal_mail: { name: "Royal Mail", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/{number}" },
  dpd: { name: "DPD", trackingUrl: "https://track.dpd.co.uk/parcels/{number}" },
  dhl: { name: "DHL", trackingUrl: "https://www.dhl.com/gb-en/home/tracking.html?tracking-id={number}" },
  ups: { name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={number}" },
  fedex: { name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={number}" },
  usps: { name: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}" },
  other: { name: "Other", trackingUrl: null },
} as const satisfies Record<string, { name: string; trackingUrl: string | null }>;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [CarrierId, ...CarrierId[]];

/** The carrier's tracking page for a number, or null ("Other", or no number). */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  if (!carrier || !number || !(carrier in CARRIERS)) return null;
  const template = CARRIERS[carrier as CarrierId].trackingUrl;
  return template ? template.replace("{number}", encodeURIComponent(number)) : null;
}

export function carrierName(carrier: string | null): string | null {
  return carrier && carrier in CARRIERS ? CARRIERS[carrier as CarrierId].name : carrier;
}
