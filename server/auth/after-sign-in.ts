import { clearVisitorCartCookie, mergeVisitorCartIntoUser, visitorCartIdFromRequest } from "../cart";

/**
 * Runs after every successful customer sign-in (password, or password then second factor) and
 * returns extra Set-Cookie values for the response: the visitor's cart moves into the account's
 * cart (quantities add up per colour, capped at what is available) and its cookie is cleared.
 */
export async function afterSignIn(request: Request, userId: string): Promise<string[]> {
  const visitorCartId = await visitorCartIdFromRequest(request);
  if (!visitorCartId) return [];
  await mergeVisitorCartIntoUser(visitorCartId, userId);
  return [await clearVisitorCartCookie()];
}
