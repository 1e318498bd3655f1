import { expect, expectAccessible, test } from "./fixtures";

/** Markets (issue 12): the shopper's currency from the browser's region or the header selector. */

test.describe("a browser in the United Kingdom", () => {
  test.use({ locale: "en-GB" });

  test("sees pounds with VAT included, the UK threshold, and is re-priced in euros by the header selector", async ({ page }) => {
    await page.goto("/products/r36s");
    await expect(page.getByTestId("price-total")).toHaveText("£39.99");
    await expect(page.getByText("1 x £39.99 = £39.99 incl. VAT")).toBeVisible();
    await expect(page.getByText("Free United Kingdom shipping on orders from £40.00.")).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
    expect(ld.offers).toMatchObject({ price: "39.99", priceCurrency: "GBP" });
    // The product page's axe at 1280 px is product-gallery.spec.ts's (the market changes its figures, not its parts).

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-total")).toHaveText("£39.99");
    await expect(page.getByTestId("free-shipping-progress")).toHaveText("£0.01 away from free United Kingdom shipping");
    await expect(page.getByText("Shipping: calculated at checkout")).toBeVisible();
    await expectAccessible(page);

    // The header selector submits on change: the cart is re-priced in euros at once.
    await page.getByRole("banner").getByLabel("Region and currency").selectOption("eu");
    await expect(page.getByTestId("cart-total")).toHaveText("€45.99");
    await expect(page.getByTestId("free-shipping-progress")).toHaveText("€14.01 away from free European Union shipping");
    await page.goto("/products/r36s");
    await expect(page.getByTestId("price-total")).toHaveText("€45.99");
    await expect(page.getByText("On orders from €60.00", { exact: true })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "de-DE" });

  test("a German browser gets euros, and the footer selector's Update button switches to US dollars", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByText("€45.99").first()).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Region and currency").selectOption("us");
    await footer.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText("$49.99").first()).toBeVisible();
    await expect(page.getByRole("banner").getByLabel("Region and currency")).toHaveValue("us");
  });
});
