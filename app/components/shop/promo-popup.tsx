import { lazy, Suspense, useEffect, useState } from "react";
import { useMatches } from "react-router";
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

// The dialog (Radix Dialog with its focus trap and scroll lock, about 8 KB of gzip) loads when the
// popup opens, a second after the page, never with the page itself.
const PromoDialog = lazy(() => import("./promo-dialog"));

/**
 * The partner promotion: an overlay dialog one second after a browsing page loads (PROMO_PAGE), at
 * most once per visit (a session cookie) and not again for a week once dismissed (localStorage).
 * Following the offer, Escape, the overlay and the Close button all dismiss it.
 */
export function PromoPopup({ offerUrl }: { offerUrl: string }) {
  const [open, setOpen] = useState(false);
  const browsing = useMatches().some((m) => isPromoPage(m.handle));

  useEffect(() => {
    if (!browsing || seenThisVisit() || dismissedUntil() > Date.now()) return;
    const timer = window.setTimeout(() => {
      document.cookie = `${PROMO_SEEN_COOKIE}=1; path=/; SameSite=Lax`;
      setOpen(true);
    }, PROMO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [browsing]);

  function dismiss() {
    rememberDismissal();
    setOpen(false);
  }

  return open ? (
    <Suspense fallback={null}>
      <PromoDialog offerUrl={offerUrl} onDismiss={dismiss} />
    </Suspense>
  ) : null;
}

