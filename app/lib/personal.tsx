import { createContext, startTransition, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFetchers, useMatches, useNavigation } from "react-router";
import { CART_HINT_COOKIE, type PersonalView } from "@core/personal";
import { useNonce } from "./nonce";

/*
 * The visitor's own parts of a storefront page (ADR 018). A shared page is the same for everyone
 * (and cached); the shop layout asks /api/personal once after load (one plain JSON request: no route
 * module or manifest to fetch first), again when the page's product changes, and again after each
 * form the page submits has settled (add to cart, sign in or out, a vote), so the badge follows.
 */

type Visitor = Pick<PersonalView, "cartCount" | "user">;
const PersonalContext = createContext<{ answer?: PersonalView; rendered: Visitor | null }>({ rendered: null });
const PRODUCT_ROUTES = new Set(["product-by-slug", "product-main"]);

/**
 * The visitor's own answer, or undefined until it has arrived (and always during the server render
 * and hydration). A part hydrated late (React.lazy, below the fold) may hydrate after the answer
 * came: it must first render what the server rendered, then the answer.
 */
export function usePersonal(): PersonalView | undefined {
  const answer = useContext(PersonalContext).answer;
  // The answer itself is the store's snapshot: while hydrating React reads the server's (nothing),
  // and renders the part again only when the answer was there by then. A "hydrated yet?" snapshot
  // made every user re-render at once after hydration (false -> true), synchronously, in the same
  // long task as every effect of the page, for the same nothing it showed before.
  return useSyncExternalStore(noop, () => answer, nothingOnTheServer);
}

/** Who is signed in: from their own answer, else from the page when it is their own (cart, account). */
export function useVisitorUser(): PersonalView["user"] {
  const { answer, rendered } = useContext(PersonalContext);
  return (answer ?? rendered)?.user ?? null;
}

/**
 * In the shop layout: fetches the page's personal parts (the product's too on a product page).
 * `rendered` is what the server put in the page: the visitor's own on their own pages, null on a
 * shared one.
 */
export function PersonalProvider({ rendered, children }: { rendered: Visitor | null; children: React.ReactNode }) {
  const [answer, setAnswer] = useState<PersonalView>();
  const slug = useMatches()
    .filter((m) => PRODUCT_ROUTES.has(m.id))
    .map((m) => (m.loaderData as { product?: { slug: string } } | undefined)?.product?.slug)
    .find(Boolean);
  const href = slug ? `/api/personal?product=${encodeURIComponent(slug)}` : "/api/personal";
  const settled = useSettledSubmissions();
  useEffect(() => {
    const abort = new AbortController();
    fetch(href, { headers: { Accept: "application/json" }, signal: abort.signal })
      .then((res) => (res.ok ? (res.json() as Promise<PersonalView>) : undefined))
      .then((view) => {
        if (!view) return;
        // A transition: parts of the page still waiting for their code (React.lazy, below the fold)
        // are hydrated with the server's markup first, then updated (an urgent update would make
        // React discard their markup and render them again).
        startTransition(() => setAnswer(view));
        document.cookie = `${CART_HINT_COOKIE}=${view.cartCount}; path=/; max-age=${60 * 60 * 24 * 30}; samesite=lax`;
      })
      // Offline or aborted: the page goes on with what it shows.
      .catch(() => undefined);
    return () => abort.abort();
  }, [href, settled]);
  return <PersonalContext.Provider value={{ answer, rendered }}>{children}</PersonalContext.Provider>;
}

/** Counts the page's form submissions (navigations and fetchers, not GETs) that have finished. */
function useSettledSubmissions(): number {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const isSubmission = (method: string | undefined) => !!method && method.toUpperCase() !== "GET";
  const inFlight = (isSubmission(navigation.formMethod) ? 1 : 0) + fetchers.filter((f) => f.state !== "idle" && isSubmission(f.formMethod)).length;
  const [settled, setSettled] = useState(0);
  const before = useRef(inFlight);
  useEffect(() => {
    if (inFlight < before.current) setSettled((n) => n + 1);
    before.current = inFlight;
  }, [inFlight]);
  return settled;
}

const noop = () => () => {};
/** The server snapshot of the stores below: the server knows nothing of the visitor. */
const nothingOnTheServer = () => undefined;
/** The hint cookie's count, read the same way by React and by the inline script before it. */
const HINT_PATTERN = `(?:^|; )${CART_HINT_COOKIE}=(\\d{1,4})(?:;|$)`;
const readHint = () => {
  const m = new RegExp(HINT_PATTERN).exec(document.cookie);
  return m ? Number(m[1]) : undefined;
};

/** The cart count to show: their own answer's, else the page's when it is theirs, else the hint cookie's (browser only). */
export function useCartCount(): number {
  const { answer, rendered } = useContext(PersonalContext);
  const hint = useSyncExternalStore(noop, readHint, nothingOnTheServer);
  return answer?.cartCount ?? rendered?.cartCount ?? hint ?? 0;
}

export const CART_BADGE_ID = "cart-count";

/**
 * Shows the hint cookie's count in the badge before the first paint (a shared page renders the badge
 * empty; React then takes over with the same number). The link's name follows.
 */
export function CartHintScript() {
  const script = `(function(){var m=new RegExp(${JSON.stringify(HINT_PATTERN)}).exec(document.cookie),n=m?+m[1]:0,b=document.getElementById("${CART_BADGE_ID}");if(n>0&&b&&b.hidden){b.textContent=n;b.hidden=false;b.parentNode.setAttribute("aria-label","Cart, "+n+" item"+(n===1?"":"s"))}})()`;
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: script }} />;
}
