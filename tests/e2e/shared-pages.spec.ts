import { createConfirmedCustomer, signInOverHttp, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { addToCart } from "./shop-steps";
import { shiftsOf, watchLayoutShifts } from "./layout-shifts";

/**
 * A shared (cached) storefront page for a signed-in customer with a cart (ADR 018): the page is the
 * one everybody gets, their own parts arrive after load without moving anything, and the cart count
 * is there before the page's JavaScript runs (the hint cookie).
 */

test("a signed-in customer with a cart gets the shared page and their own parts without a layout shift", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail("shared");
  await createConfirmedCustomer(page.request, baseURL!, email);
  await signInOverHttp(page.request, baseURL!, email);
  await addToCart(page, "r36s", "Black");
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await watchLayoutShifts(page);
  await page.request.get("/products/r36s");
  const personal = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/personal"));
  const response = await page.goto("/products/r36s");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  expect(response?.headers()["cache-control"]).toMatch(/^public, /);
  const html = await response!.text();
  expect(html).not.toContain(email);
  await personal;
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  expect(await shiftsOf(page)).toEqual([]);
  await expectAccessible(page);
});

test.describe("before the page's JavaScript has run", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test("the badge already shows the cart's count (no flash), from the hint cookie", async ({ page }) => {
    await addToCart(page, "r36s", "Black");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // The page's modules never arrive: only the inline hint script can fill the badge.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const response = await page.goto("/blog");
    expect(response?.headers()["cache-control"]).toMatch(/^public, /);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  });
});

test("a visitor with nothing in the cart sees no badge, and the heart's saved state is only theirs", async ({ page, browser, baseURL }) => {
  await page.goto("/products/r36s");
  await expect(page.getByTestId("cart-count")).toBeHidden();
  await page.getByRole("radio", { name: "Purple" }).check();
  const heart = page.getByTestId("wishlist-toggle");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Saved to your wishlist", { exact: true })).toBeVisible();
  await page.reload();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  const other = await browser.newContext({ baseURL });
  const theirs = await other.newPage();
  const answered = theirs.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/personal"));
  const response = await theirs.goto("/products/r36s");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await answered;
  await expect(theirs.getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "false");
  await other.close();
});
