import { sql } from "drizzle-orm";
import type { PersonalView } from "@core/personal";
import { sessionTokenOf, signedInUser } from "../auth";
import { getCartCount, userCartCountColumn } from "../cart";
import { customerOnProduct, customerOnProductColumns, getPublishedProduct, productVisitor, type CustomerOnProductRow } from "../catalog";
import { preparedRows } from "../db/prepared";

/** The product page's parts as the answer carries them (votes as pairs: JSON has no Map). */
const productPart = (visitor: Awaited<ReturnType<typeof productVisitor>> | null): PersonalView["product"] =>
  visitor && { savedVariantId: visitor.savedVariantId, reviewAccess: visitor.reviewAccess, votes: [...visitor.votes] };

type SignedInRow = { email: string; cart_count: number } & Partial<CustomerOnProductRow>;

/**
 * A signed-in shopper's answer as one prepared statement (built once, planned once per connection
 * on PostgreSQL): the session and its user, with the cart's count and, on a product page, the
 * product's parts as subqueries on that user. It is on every page view of a signed-in shopper.
 */
const signedInStatement = (withProduct: boolean) =>
  preparedRows<SignedInRow, { token: string; at: string; productId?: string }>(withProduct ? "personal_on_product" : "personal", () => {
    const user = signedInUser(sql.placeholder("token"), sql.placeholder("at"));
    const productColumns = withProduct ? sql`, ${customerOnProductColumns(user.id, sql.placeholder("productId"))}` : sql``;
    return sql`select ${user.email} as email, ${userCartCountColumn(user.id)} as cart_count${productColumns} from ${user}`;
  });
const signedIn = signedInStatement(false);
const signedInOnProduct = signedInStatement(true);

/**
 * The visitor's own parts of a shared storefront page (ADR 018, /api/personal): cart count, who is
 * signed in, and on a product page (`slug`, when published) their saved colour, review access and
 * helpful votes. A signed-in shopper's is one statement: the session and its user (signedInUser,
 * which answers no row for a session that ended or a banned user, as getSessionUser does) with the
 * cart's count and the product page's parts as subqueries on that user. A session is never kept
 * between requests, so a sign-out or a ban counts from the next answer on. Anyone else (no session,
 * or one that ended) is answered as a guest: their visitor cart, saved colour and votes.
 */
export async function personalAnswer(request: Request, slug: string | undefined): Promise<PersonalView> {
  const [token, product] = await Promise.all([sessionTokenOf(request), slug ? getPublishedProduct(slug) : null]);
  if (token) {
    const at = new Date().toISOString();
    const [row] = product ? await signedInOnProduct({ token, at, productId: product.id }) : await signedIn({ token, at });
    if (row) return { cartCount: row.cart_count, user: { email: row.email }, product: productPart(product && customerOnProduct(row as CustomerOnProductRow)) };
  }
  const [cartCount, visitor] = await Promise.all([getCartCount(request, null), product ? productVisitor(request, null, product) : null]);
  return { cartCount, user: null, product: productPart(visitor) };
}
