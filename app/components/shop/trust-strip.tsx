import { shippingPromise } from "@core/market";
import { useMarket } from "~/lib/use-market";

/**
 * The three shop promises (spec section 1), shown on the home page and in every product's buy box.
 * The shipping promise is the shopper's market's own free-shipping threshold.
 */
export function TrustStrip({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const promises = [
    { title: "Secure Checkout", body: "Safe & protected", icon: "M12 3l7 3v5c0 4.5-3 8.3-7 9.5C8 19.3 5 15.5 5 11V6l7-3z M9 12l2 2 4-4" },
    { ...shippingPromise(useMarket()), icon: "M3 7h11v8H3z M14 10h4l3 3v2h-7z M7 18a1.5 1.5 0 1 0 0-.01 M17 18a1.5 1.5 0 1 0 0-.01" },
    { title: "30-Day Returns", body: "Satisfaction guaranteed", icon: "M4 12a8 8 0 1 0 2.3-5.6 M4 4v4h4" },
  ];
  return (
    <ul className={`grid grid-cols-3 gap-3 text-center ${className}`}>
      {promises.map((p) => (
        <li key={p.title} className="flex flex-col items-center">
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`${compact ? "h-6 w-6" : "h-8 w-8"} text-brand-700`} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d={p.icon} />
          </svg>
          <p className={`mt-1 font-semibold ${compact ? "text-xs sm:text-sm" : ""}`}>{p.title}</p>
          <p className={`text-gray-600 ${compact ? "text-xs" : "text-sm"}`}>{p.body}</p>
        </li>
      ))}
    </ul>
  );
}
