import type { Browser } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { ADMIN, expect, expectAccessible, test } from "./fixtures";
import { fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";
import { waitForMail } from "./mailbox";

/** A shopper in a browser context of their own buys a console with the test card; returns the order number. */
async function buyInAnotherBrowser(browser: Browser, shopper: { name: string; email: string }): Promise<string> {
  const context = await browser.newContext();
  await context.addInitScript((key) => localStorage.setItem(key, String(Date.now() + 86_400_000)), PROMO_DISMISSED_KEY);
  const page = await context.newPage();
  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: "Purple" }).check();
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=now$/);
  await fillShipping(page, { email: shopper.email, name: shopper.name, line1: "1 Live Street", postalCode: "N1 1AA" });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);
  const number = (await page.getByTestId("order-number").textContent())!;
  await context.close();
  return number;
}

test("a paid order arrives live; a status change from the row menu is toasted, recorded in the history and emailed", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/admin/orders/events"));
  await signInAsAdmin(page, "/admin/orders");
  expect((await stream).headers()["content-type"]).toContain("text/event-stream");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expectAccessible(page);

  const suffix = Date.now().toString(36).replace(/\d/g, "");
  const shopper = { name: `Grace Live${suffix}`, email: `live-${Date.now()}@example.com` };
  const number = await buyInAnotherBrowser(browser, shopper);

  // No reload: the stream says a paid order arrived and the table refetches.
  await expect(page.getByText("New Order Received", { exact: true })).toBeVisible();
  await expect(page.getByText(`${shopper.name} placed an order.`, { exact: true })).toBeVisible();
  const row = page.getByTestId("order-row").filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row).toContainText("R36S Retro Handheld (Purple)");
  await expect(row).toContainText("$62.98");
  await expect(row).toContainText("Processing");

  await row.getByRole("button", { name: /^Actions for order / }).click();
  await expect(page.getByRole("menuitem", { name: "Mark as Processing" })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("menuitem", { name: "Mark as Completed" }).click();
  // Completed without fulfilment details asks first (issue 14).
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark as Completed" }).click();
  await expect(page.getByText("Order Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Order status changed to Completed", { exact: true })).toBeVisible();
  await expect(row).toContainText("Completed");

  await row.getByRole("button", { name: /^Actions for order / }).click();
  await page.getByRole("menuitem", { name: "View details" }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(shopper.email);
  await expect(dialog).toContainText("VISA ending 4242");
  // One R36S to the United States: Standard $12.99 below $75, no sales tax configured.
  await expect(dialog).toContainText("Shipping (Standard)$12.99");
  await expect(dialog).toContainText("Sales tax$0.00");
  await expect(dialog.getByTestId("order-delivery")).toHaveText(/^Standard, estimated delivery \w{3} \d{1,2} \w{3} – \w{3} \d{1,2} \w{3}$/);
  const history = dialog.getByRole("listitem").filter({ hasText: "Processing → Completed" });
  await expect(history).toContainText(`by ${ADMIN.email}`);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(shopper.email, `order ${number} is complete`);
  expect(mail.text).toContain("Your order is complete");

  // The search finds it by the customer's name, and says so when nothing matches.
  await page.getByLabel("Search").fill(shopper.name.split(" ")[1]);
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await page.getByLabel("Search").fill("zzzz-nobody");
  await expect(page.getByText("No orders found")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the orders page and the detail page stay usable and accessible", async ({ page }) => {
    await signInAsAdmin(page, "/admin/orders");
    await expect(page.getByRole("region", { name: "Orders table" })).toBeVisible();
    await expectAccessible(page);
    const first = page.getByTestId("order-row").first();
    await first.getByRole("button", { name: /^Actions for order / }).click();
    await page.getByRole("menuitem", { name: "View details" }).click();
    await expect(page.getByRole("dialog")).toContainText("Status history");
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search and status filter work as a plain form", async ({ page }) => {
    await signInAsAdmin(page, "/admin/orders");
    await page.getByLabel("Status").selectOption("completed");
    await page.getByLabel("Search").fill("zzzz-nobody");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=zzzz-nobody&status=completed/);
    await expect(page.getByText("No orders found")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("completed");
  });
});
