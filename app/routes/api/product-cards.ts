import { data } from "react-router";
import { z } from "zod";
import { listPublishedCardsBySlug } from "@server/catalog";
import { localise, shopperInMarket } from "@server/pricing";
import { refusal } from "@server/http/responses";
import type { ProductCardsAnswer } from "@core/product-cards";
import { PRODUCT_SLUG, VIEWED_KEPT } from "@core/recently-viewed";
import type { Route } from "./+types/product-cards";

/*
 * The market is in the URL, not taken from the shopper's cookie: the answer then depends on the URL
 * alone (the slugs the browser asks for and the market the page was rendered in), holds nothing of
 * the visitor, and may be kept by the browser and any shared cache for a minute (`public`). A
 * cookie-priced answer would have to be `private`, and after a change of market the browser would
 * show its kept answer, in the old currency, for that minute.
 */
const CACHED = { "Cache-Control": "public, max-age=60" };
const NOT_STORED = { "Cache-Control": "no-store" };

const query = z
  .object({
    market: z.string({ error: "Give the market (market=<id>)." }).regex(/^[a-z0-9-]{1,40}$/, "Give the market (market=<id>)."),
    slugs: z
      .string({ error: "Give one to eight product slugs (slugs=a,b)." })
      .min(1, "Give one to eight product slugs (slugs=a,b).")
      .transform((s) => s.split(","))
      .pipe(
        z
          .array(z.string().regex(PRODUCT_SLUG, "A product slug has lower-case letters, digits and hyphens only."))
          .max(VIEWED_KEPT, `At most ${VIEWED_KEPT} product slugs at a time.`),
      ),
  })
  .strict();

/**
 * Product cards for "Recently viewed" (the product page's browser-side list, issue 31):
 * `GET /api/product-cards?market=uk&slugs=a,b`, published products only, in the order given, priced
 * in that market. A slug no published product has is left out (it may have been unpublished since).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse(Object.fromEntries(params));
  if (!parsed.success) return refusal(parsed.error.issues[0]?.message ?? "Bad request.", 400, {}, { headers: NOT_STORED });
  const shopper = await shopperInMarket(parsed.data.market);
  if (!shopper) return refusal("There is no such market.", 400, {}, { headers: NOT_STORED });
  const cards = await listPublishedCardsBySlug(parsed.data.slugs);
  return data<ProductCardsAnswer>({ products: cards.map((c) => localise(shopper, c)) }, { headers: CACHED });
}
