import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useMatches, useNavigation } from "react-router";
import { useCartCount } from "~/lib/personal";
import { isPromoPage, PROMO_DELAY_MS, PROMO_DISMISS_DAYS, PROMO_DISMISSED_KEY, PROMO_SEEN_COOKIE } from "~/lib/promo";

// Storage can be unavailable (privacy modes, blocked storage): the visit's cookie still limits it to once.
function dismissedUntil(): number {
  try {
    return Number(window.localStorage.getItem(PROMO_DISMISSED_KEY)) || 0;
  } catch {
    return 0;
  }
}

function rememberDismissal() {
  try {
    window.localStorage.setItem(PROMO_DISMISSED_KEY, String(Date.now() + PROMO_DISMISS_DAYS * 24 * 60 * 60 * 1000));
  } catch {
    // Nothing to remember it in.
  }
}

const seenThisVisit = () => document.cookie.split("; ").includes(`${PROMO_SEEN_COOKIE}=1`);
/** No popup for the rest of the visit: it showed, or the shopper got busy before it could. */
const endForThisVisit = () => {
  document.cookie = `${PROMO_SEEN_COOKIE}=1; path=/; SameSite=Lax`;
};

// The dialog (a native <dialog> and the banner artwork) loads when the popup opens, a second after
// the page, never with the page itself.
const PromoDialog = lazy(() => import("./promo-dialog"));

/**
 * The partner promotion: a dialog one second after a browsing page loads (PROMO_PAGE; never on cart,
 * checkout, account, sign-in or order pages), at most once per visit (a session cookie) and not
 * again for a week once dismissed (localStorage). Never once the shopper is busy: a form submitted
 * (add to cart, Buy Now, a search) or a field typed in ends it for the visit before it shows, and a
 * shopper with a cart never gets it; nor does it open while a page change is under way. Following
 * the offer, Escape, the overlay and the Close button dismiss it; focus goes back where it was.
 */
export function PromoPopup({ offerUrl }: { offerUrl: string }) {
  const [open, setOpen] = useState(false);
  const browsing = useMatches().some((m) => isPromoPage(m.handle));
  const hasCart = useCartCount() > 0;
  const idle = useNavigation().state === "idle";
  const idleNow = useRef(idle);
  idleNow.current = idle;
  // What had the focus when the popup opened: it gets it back when the popup closes.
  const focusBefore = useRef<Element | null>(null);

  useEffect(() => {
    if (!browsing || hasCart || seenThisVisit()) return;
    const busy = () => {
      endForThisVisit();
      stop();
    };
    const timer = window.setTimeout(() => {
      // A link followed a moment ago: the page it leads to decides (a browsing page starts its own second).
      if (!idleNow.current) return;
      // Storage is read when the popup is due, not with the page's other effects right after
      // hydration: a page's first localStorage read takes a few milliseconds.
      if (dismissedUntil() > Date.now()) return stop();
      endForThisVisit();
      focusBefore.current = document.activeElement;
      setOpen(true);
    }, PROMO_DELAY_MS);
    function stop() {
      window.clearTimeout(timer);
      document.removeEventListener("submit", busy, true);
      document.removeEventListener("input", busy, true);
    }
    // Capture phase: a form's own handler may stop the event (fetcher forms prevent the default).
    document.addEventListener("submit", busy, true);
    document.addEventListener("input", busy, true);
    return stop;
  }, [browsing, hasCart]);

  // Never carried onto a page it may not cover.
  useEffect(() => {
    if (!browsing) setOpen(false);
  }, [browsing]);

  function dismiss() {
    rememberDismissal();
    setOpen(false);
  }

  return open && browsing ? (
    <Suspense fallback={null}>
      <PromoDialog offerUrl={offerUrl} onDismiss={dismiss} focusBefore={focusBefore.current} />
    </Suspense>
  ) : null;
}
