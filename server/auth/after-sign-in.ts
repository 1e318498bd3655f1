import { clearVisitorCartCookie, mergeVisitorCartIntoUser, visitorCartIdFromRequest } from "../cart";
import { mergeGuestWishlist } from "../wishlist";

/**
 * Runs after every successful customer sign-in (password, or password then second factor) and
 * returns extra Set-Cookie values for the response: the visitor's cart moves into the account's
 * cart (quantities add up per colour, capped at what is available) and the guest's wishlist joins
 * the account's; their cookies are cleared.
 */
export async function afterSignIn(request: Request, userId: string): Promise<string[]> {
  const cookies = await mergeGuestWishlist(request, userId);
  const visitorCartId = await visitorCartIdFromRequest(request);
  if (!visitorCartId) return cookies;
  await mergeVisitorCartIntoUser(visitorCartId, userId);
  return [...cookies, await clearVisitorCartCookie()];
}
