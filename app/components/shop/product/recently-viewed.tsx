import { lazy, Suspense, useEffect, useState } from "react";
import { useMarket } from "~/lib/use-market";
import { fetchViewedCards, noteView } from "~/lib/recently-viewed";

// The section and the card component it renders are not part of the page's first load (issue 29's
// budget): the module is fetched alongside the cards, only when there is something to show, and it
// checks the answer itself.
const loadSection = () => import("./recently-viewed-cards");
const RecentlyViewedCards = lazy(loadSection);

/**
 * "Recently viewed" at the bottom of the product page. The page is shared and cached (ADR 018), so
 * the server renders nothing here: after hydration the browser records this view and, when the
 * shopper viewed other products before, fetches their cards. Nothing is shown, and no space is kept,
 * until they arrive; being last on the page, the section cannot move anything above it.
 * Give it `key={slug}`: a move to another product starts it afresh.
 */
export function RecentlyViewed({ slug }: { slug: string }) {
  const market = useMarket()?.id;
  const [answer, setAnswer] = useState<unknown>(null);
  useEffect(() => {
    const before = noteView(slug);
    if (before.length === 0 || !market) return;
    const abort = new AbortController();
    void loadSection();
    fetchViewedCards(market, before, abort.signal)
      .then(setAnswer)
      // Offline or aborted: no section.
      .catch(() => undefined);
    return () => abort.abort();
  }, [slug, market]);
  if (answer === null) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedCards answer={answer} />
    </Suspense>
  );
}
