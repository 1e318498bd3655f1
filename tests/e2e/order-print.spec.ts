import type { Page } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { expect, expectAccessible, test } from "./fixtures";
import { addToCart, fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";

/**
 * The order page's packing slip and invoice: a UK order in pounds with VAT included. The slip lists
 * items, colours, quantities and the address without a price; the invoice has the shop's details,
 * the order number and date, the lines, shipping, the VAT line and the total in GBP.
 */

async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.screenshot({ path: `test-results/${name}-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });
}

test("packing slip and invoice of a UK order, from the order page", async ({ page, browser, extraHTTPHeaders }) => {
  test.setTimeout(300_000);
  const shopper = await browser.newContext({ locale: "en-GB", extraHTTPHeaders });
  await shopper.addInitScript((key) => localStorage.setItem(key, String(Date.now() + 86_400_000)), PROMO_DISMISSED_KEY);
  const buyer = await shopper.newPage();
  await addToCart(buyer, "r36s", "Purple");
  await buyer.goto("/checkout");
  await fillShipping(buyer, { email: `print-${Date.now()}@example.com`, name: "Ada Printer", line1: "12 Paper Lane", postalCode: "SE1 7PB", country: "GB" });
  await buyer.getByRole("button", { name: /^Continue to Payment/ }).click();
  await buyer.waitForURL(/\/pay\/test\//);
  await payWithCard(buyer, "4242 4242 4242 4242");
  await buyer.waitForURL(/\/checkout-success\?session_id=/);
  const number = (await buyer.getByTestId("order-number").textContent())!;
  const total = (await buyer.getByTestId("order-total").textContent())!;
  await shopper.close();
  expect(total).toMatch(/^£/);

  await signInAsAdmin(page, "/admin/orders");
  await page.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
  await page.getByTestId("order-row").filter({ hasText: number }).getByText("Ada Printer").click();
  await expect(page.getByRole("heading", { level: 2, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();
  const orderUrl = page.url();

  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  const slipItems = page.getByRole("table", { name: `Items of order ${number}` });
  await expect(slipItems.getByRole("row").nth(1)).toContainText("R36S");
  await expect(slipItems.getByRole("row").nth(1)).toContainText("(Purple)");
  await expect(slipItems.getByRole("columnheader")).toHaveText(["Item", "Qty"]);
  await expect(page.getByRole("main")).not.toContainText("£");
  await expect(page.getByRole("region", { name: "Ship to" })).toContainText("12 Paper Lane");
  await checkBothWidths(page, "packing-slip");

  await page.goto(`${orderUrl}/invoice`);
  await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(page.getByText("Pocket Retro", { exact: true })).toBeVisible();
  await expect(page.getByText("14 Lantern Yard", { exact: false })).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(total);
  await expect(page.getByTestId("order-tax")).toHaveText(/^£\d+\.\d\d$/);
  await expect(page.getByText("Including VAT (20%)")).toBeVisible();
  await expect(page.getByText(/^Shipping/)).toBeVisible();
  await checkBothWidths(page, "invoice");
  await page.getByRole("link", { name: `Back to order ${number}` }).click();
  await expect(page).toHaveURL(orderUrl);
});
