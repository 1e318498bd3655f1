import { expect, test } from "./fixtures";

/**
 * Issue 31, "The shopper's side, round 3", part A: what a careful shopper still tripped over. Each
 * test makes its own shopper, order and staff session (docs/testing.md); the popup's second runs on
 * page.clock.
 */

test.describe("1. colour without JavaScript", () => {
  test("Add to Cart and Buy Now send the colour chosen, not the first one", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products/r36s");
    // White is the first colour: the one a hidden field always sent.
    await page.getByRole("radio", { name: "Orange" }).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText("Orange");

    await page.goto("/products/r36s");
    await page.getByRole("radio", { name: "Orange" }).check();
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/checkout\?buy=now$/);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("Orange");
    await expect(summary).not.toContainText("White");
    await context.close();
  });

  test("a colour tapped before the page is interactive is the one the page shows and the cart takes", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The page's scripts wait until the shopper has tapped Orange.
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto("/products/r36s", { waitUntil: "commit" });
    await page.getByRole("radio", { name: "Orange" }).check();
    release();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await expect(page.getByRole("group", { name: /Colour/ })).toContainText("Colour: Orange");
    await expect(page.getByRole("button", { name: "Show Orange" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("dialog")).toContainText("Orange");
    await page.screenshot({ path: testInfo.outputPath("product-orange-1280.png") });
  });
});

