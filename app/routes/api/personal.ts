import { data } from "react-router";
import { z } from "zod";
import { getSessionUser } from "@server/auth";
import { getCartCount } from "@server/cart";
import { getPublishedProduct, productVisitor } from "@server/catalog";
import { refusal } from "@server/http/responses";
import type { PersonalView } from "@core/personal";
import type { Route } from "./+types/personal";

const NOT_STORED = { "Cache-Control": "private, no-store" };

const query = z.object({ product: z.string().regex(/^[a-z0-9-]{1,120}$/, "Give a product's slug.").optional() }).strict();

/**
 * The visitor's own parts of a shared storefront page (ADR 018): cart count, who is signed in, and
 * on a product page their saved colour, review access and helpful votes. A few milliseconds, never
 * stored anywhere; the page asks once after load and again after each of its own actions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return refusal(parsed.error.issues[0]?.message ?? "Bad request.", 400, {}, { headers: NOT_STORED });
  const user = await getSessionUser(request);
  const userId = user?.id ?? null;
  const [cartCount, product] = await Promise.all([getCartCount(request, userId), productPart(request, userId, parsed.data.product)]);
  return data<PersonalView>({ cartCount, user: user ? { email: user.email } : null, product }, { headers: NOT_STORED });
}

async function productPart(request: Request, userId: string | null, slug: string | undefined): Promise<PersonalView["product"]> {
  const product = slug ? await getPublishedProduct(slug) : null;
  if (!product) return null;
  const visitor = await productVisitor(request, userId, product);
  return { savedVariantId: visitor.savedVariantId, reviewAccess: visitor.reviewAccess, votes: [...visitor.votes] };
}
