import { useFetcher, useNavigate } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useEachResult } from "~/lib/use-each-result";

/** What POST /wishlist answers a fetcher (app/routes/shop/wishlist.tsx). */
export type WishlistActionData = { ok: true; saved: boolean } | { ok: false; message: string; fieldErrors: Record<string, string> };

export function HeartIcon({ filled, className = "h-6 w-6" }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The product page's heart: a toggle button (aria-pressed) saving the selected colour, or removing
 * the product when it is saved. A plain form posting to /wishlist, so it works without JavaScript
 * (the action answers with a 303 back here); with JavaScript the state flips at once and a toast
 * confirms, with a way to the list.
 */
export function WishlistButton({ productId, variantId, saved: savedOnServer, title }: { productId: string; variantId: string; saved: boolean; title: string }) {
  const fetcher = useFetcher<WishlistActionData>({ key: `wishlist-${productId}` });
  const toast = useToast();
  const navigate = useNavigate();
  const pending = fetcher.formData?.get("intent");
  // The answer's state until the visitor's own answer is asked again (it follows each action).
  const saved = pending ? pending === "save" : fetcher.data?.ok ? fetcher.data.saved : savedOnServer;
  useEachResult(fetcher.data, (result) => {
    if (!result.ok) toast({ title: "Could not update your wishlist", description: result.message, variant: "destructive" });
    else if (result.saved) toast({ title: "Saved to your wishlist", description: title, action: { label: "View wishlist", onAction: () => void navigate("/wishlist") } });
    else toast({ title: "Removed from your wishlist", description: title });
  });
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={`Save ${title} to wishlist`}
        data-testid="wishlist-toggle"
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full border-2 ${
          saved ? "border-red-600 bg-red-50 text-red-600" : "border-gray-300 text-gray-700 hover:border-red-600 hover:text-red-600"
        }`}
      >
        <HeartIcon filled={saved} />
      </button>
    </fetcher.Form>
  );
}
