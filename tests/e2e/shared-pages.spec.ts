import { createConfirmedCustomer, signInOverHttp, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectHydrated, test } from "./fixtures";
import { addToCart } from "./shop-steps";
import { expectNoLayoutShift, watchLayoutShifts } from "./layout-shifts";

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
  await expectNoLayoutShift(page);
  await expectAccessible(page);
});

test("the product page's price row keeps its place when a part is painted before its text has arrived", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/products/r36s");
  // A long page is parsed in pieces, and a frame can show an element whose text is still to come:
  // each part of the row (price, struck-out price, "% OFF") is emptied for a moment, as it was then.
  const tops = await page.locator("[data-price-row] > *").evaluateAll((parts) =>
    parts.map((part) => {
      const withText = part.getBoundingClientRect().top;
      const children = [...part.childNodes];
      part.replaceChildren();
      const empty = part.getBoundingClientRect().top;
      part.replaceChildren(...children);
      return { part: part.outerHTML.slice(0, 60), withText, empty };
    }),
  );
  expect(tops).toHaveLength(3);
  for (const t of tops) expect(t.empty, t.part).toBe(t.withText);
});

test("a shop page's first frame waits until its main content is whole, so nothing moves as the rest arrives", async ({ page }) => {
  // Chromium paints a page while it is parsed; painted half-parsed, the header and the catalogue's
  // filters moved as the rest came in. The shop layout's `rel=expect` holds the first frame until
  // the footer, which follows the page's main content, is in the document (ADR 025). Without it
  // the first frame comes before even the header is parsed.
  await page.addInitScript(() =>
    requestAnimationFrame(() => {
      (window as unknown as { footerAtFirstFrame: boolean }).footerAtFirstFrame = document.getElementById("site-footer") !== null;
    }),
  );
  for (const path of ["/", "/products", "/products/r36s", "/blog", "/cart"]) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { footerAtFirstFrame?: boolean }).footerAtFirstFrame), path).toBe(true);
  }
});

test.describe("before the page's JavaScript has run", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test("the badge already shows the cart's count (no flash), from the hint cookie", async ({ page }) => {
    // The product page hydrates before the click (the fixture's wait): a click before React takes
    // over posts the form and lands on /cart, the no-JavaScript path.
    await addToCart(page, "r36s", "Black");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // The page's modules never arrive: only the inline hint script can fill the badge. It never
    // hydrates, so the navigation returns on its first bytes rather than waiting for React.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const response = await page.goto("/blog", { waitUntil: "commit" });
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

test("a shared page's scripts load once its main picture is on screen, and then hydrate it (ADR 023)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const w = window as unknown as { pictureShown?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.pictureShown ??= (entry as PerformanceEntry & { renderTime: number }).renderTime;
    }).observe({ type: "element", buffered: true });
  });
  const response = await page.goto("/products/r36s");
  const html = await response!.text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toContain('type="module"');
  expect(html).toContain('elementtiming="main-picture"');
  await expectHydrated(page.getByRole("button", { name: "Add to Cart" }));
  const { pictureShown, firstScript } = await page.evaluate(() => ({
    pictureShown: (window as unknown as { pictureShown?: number }).pictureShown,
    firstScript: Math.min(...performance.getEntriesByType("resource").filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.startTime)),
  }));
  expect(pictureShown, "the product's main picture was painted").toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThan(pictureShown!);
});

test("each page's inline route manifest holds its own routes and its path's ancestors', whatever was rendered before it", async ({ request }) => {
  // The server keeps each partial manifest (patches/react-router+7.18.4.patch): a key missing the
  // matched routes would give /faq the manifest /cart was rendered with, and /faq would not hydrate.
  const routesOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    const manifest = /window\.__reactRouterManifest = (\{[\s\S]*?\});\s*window\.__reactRouterRouteModules/.exec(html)?.[1];
    expect(manifest, path).toBeDefined();
    return Object.keys((JSON.parse(manifest!) as { routes: Record<string, unknown> }).routes).sort();
  };
  const frame = ["root", "routes/shop/home", "routes/shop/layout", "routes/shop/pages"];
  expect(await routesOf("/cart")).toEqual([...frame, "routes/shop/cart"].sort());
  expect(await routesOf("/faq")).toEqual([...frame, "routes/shop/faq"].sort());
  expect(await routesOf("/cart")).toEqual([...frame, "routes/shop/cart"].sort());
  const productPage = [...frame, "product-by-slug", "routes/shop/products"].sort();
  expect(await routesOf("/products/r36s")).toEqual(productPage);
  expect(await routesOf("/products/r36pro")).toEqual(productPage);
  expect(await routesOf("/blog/a-post-that-is-not-there")).toEqual([...frame, "routes/shop/blog", "routes/shop/blog-post"].sort());
});
