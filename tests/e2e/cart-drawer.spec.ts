import { expect, expectAccessible, test } from "./fixtures";

/** Issue 15, "Cart drawer": Add to Cart opens a focus-trapped drawer with the line and the subtotal; without JavaScript the form lands on /cart. */

test.describe("Cart drawer", () => {
  test("opens while the code for the part below the buy box is still on its way", async ({ page }) => {
    // That part hydrates when its code arrives; an update that re-rendered it before then was held
    // by React until it came (the drawer waited for it, and once in CI did not come in 10 s).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/below-the-fold-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/products/r36s");
    await page.getByRole("radio", { name: "Black" }).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("dialog", { name: "Added to Cart" })).toContainText("Colour: Black");
    // The header's count comes with the visitor's answer, which that part reads too: it follows the code.
    release();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });

  test("by keyboard at 1280 px: the drawer opens with the line and subtotal, keeps focus inside, closes on Escape and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/products/rg35xx-pro");
    await page.getByRole("radio", { name: "Teal" }).check();
    const add = page.getByRole("button", { name: "Add to Cart" });
    await add.focus();
    await page.keyboard.press("Enter");

    const drawer = page.getByRole("dialog", { name: "Added to Cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText("35XXPro Handheld Console");
    await expect(drawer).toContainText("Colour: Teal");
    await expect(drawer).toContainText("Quantity in cart: 1");
    await expect(drawer.getByTestId("drawer-subtotal")).toHaveText("$79.99");
    await expect(drawer.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/cart-drawer-1280.png" });

    // Focus is trapped: a round of Tab presses never leaves the drawer.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();

    // A second add: the drawer reopens with the line's new quantity and the cart's subtotal.
    await page.keyboard.press("Enter");
    await expect(drawer.getByText("Quantity in cart: 2")).toBeVisible();
    await expect(drawer.getByTestId("drawer-subtotal")).toHaveText("$159.98");
    await drawer.getByRole("button", { name: "Continue shopping" }).click();
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();
  });

  test("at 375 px: Checkout in the drawer goes to checkout with the cart", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/products/screen-protector");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Added to Cart" });
    await expect(drawer).toContainText("Tempered Glass Screen Protector (2-pack)");
    await expect(drawer.getByTestId("drawer-subtotal")).toHaveText("$7.99");
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/cart-drawer-375.png" });
    await drawer.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Tempered Glass Screen Protector (2-pack)");
  });

  test("without JavaScript, Add to Cart lands on /cart with the line", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto("/products/r36pro");
    await page.getByRole("radio", { name: "Blue" }).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toContainText("R36PRO Handheld Console");
    await expect(page.getByTestId("cart-line")).toContainText("Colour: Blue");
    await context.close();
  });
});
