/**
 * Runs after every successful customer sign-in (password, or password then second factor) and
 * returns extra Set-Cookie values for the response.
 *
 * CALL SITE FOR THE CART MERGE: when server/cart lands on main, this calls
 * `mergeVisitorCartIntoUser(visitorCartId, userId)` and clears the visitor cart cookie.
 */
export async function afterSignIn(_request: Request, _userId: string): Promise<string[]> {
  return [];
}
