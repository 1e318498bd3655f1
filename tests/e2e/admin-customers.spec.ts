import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";

/** Issue 14, customers: from an order's customer card to the customer's page, and the list with its search. */
// The walk runs at 1280 px; each page it screenshots is also checked at 375 px (expectFitsPhone).
const viewport = { width: 1280, height: 900 };
test.describe(`customers at ${viewport.width} px`, () => {
  test.use({ viewport });

  test("the order's customer card opens the customer; the list finds them with their orders and spend", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const suffix = Date.now().toString(36).replace(/\d/g, "");
    const shopper = { name: `Carla Customer${suffix}`, email: `customer-${viewport.width}-${Date.now()}@example.com` };
    const context = await browser.newContext();
    await context.addInitScript((key) => localStorage.setItem(key, String(Date.now() + 86_400_000)), PROMO_DISMISSED_KEY);
    const shop = await context.newPage();
    await shop.goto("/products/r36s");
    await shop.getByRole("radio", { name: "White" }).check();
    await shop.getByRole("button", { name: "Buy Now" }).click();
    await fillShipping(shop, { email: shopper.email, name: shopper.name, line1: "7 Customer Close", postalCode: "N1 1AA" });
    await shop.getByRole("button", { name: "Continue to Payment" }).click();
    await shop.waitForURL(/\/pay\/test\//);
    await payWithCard(shop, "4242 4242 4242 4242");
    await shop.waitForURL(/\/checkout-success\?session_id=/);
    const number = (await shop.getByTestId("order-number").textContent())!;
    // What the customer has spent is the order's total, delivery included (US Standard under $75).
    const total = (await shop.getByTestId("order-total").textContent())!.trim();
    expect(total).toBe("$62.98");
    await context.close();

    await signInAsAdmin(page, "/admin/orders");
    await page.getByTestId("order-row").filter({ hasText: number }).getByRole("link").first().click();
    await page.getByRole("link", { name: "View customer" }).click();
    await expect(page).toHaveURL(/\/admin\/customers\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole("heading", { level: 2, name: shopper.name })).toBeVisible();
    const summary = page.getByTestId("customer-summary");
    await expect(summary).toContainText("Orders1");
    await expect(summary).toContainText(`Spent${total}`);
    await expect(summary).toContainText("Guest");
    await expect(page.getByTestId("customer-order").filter({ hasText: number })).toContainText("Paid · Unfulfilled");
    await expect(page.getByText("7 Customer Close")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`customer-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "customer");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill(suffix.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`q=${suffix.toUpperCase()}`));
    const row = page.getByTestId("customer-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(shopper.email);
    await expect(row).toContainText("1 order");
    await expect(row).toContainText(`${total} spent`);
    await expect(row).toContainText("Guest");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`customers-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "customers");
    await row.getByRole("link", { name: shopper.name }).click();
    await expect(page.getByRole("heading", { level: 2, name: shopper.name })).toBeVisible();
  });
});
