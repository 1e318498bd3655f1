import type { Browser } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { ADMIN, expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";
import { fillShipping, payWithCard, signInAsAdmin, unitsLeft } from "./shop-steps";

/** A shopper in a browser context of their own buys an R36S in Purple and one in White; returns the order number. */
async function buyTwoColours(browser: Browser, shopper: { name: string; email: string }): Promise<string> {
  const context = await browser.newContext();
  await context.addInitScript((key) => localStorage.setItem(key, String(Date.now() + 86_400_000)), PROMO_DISMISSED_KEY);
  const page = await context.newPage();
  for (const colour of ["Purple", "White"]) {
    await page.goto("/products/r36s");
    await page.getByRole("radio", { name: colour }).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to Cart", { exact: true })).toBeVisible();
  }
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await fillShipping(page, { email: shopper.email, name: shopper.name, line1: "2 Workspace Road", postalCode: "N1 1AA" });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);
  const number = (await page.getByTestId("order-number").textContent())!;
  await context.close();
  return number;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`the order page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("open an order from its row, add a note, fulfil with tracking, refund one line of two with restock", async ({ page, browser }) => {
      test.setTimeout(150_000);
      const suffix = Date.now().toString(36).replace(/\d/g, "");
      const shopper = { name: `Olive Workspace${suffix}`, email: `workspace-${viewport.width}-${Date.now()}@example.com` };
      const number = await buyTwoColours(browser, shopper);

      await signInAsAdmin(page, "/admin/orders");
      const purpleBefore = await unitsLeft(page, "Purple");
      await page.goto("/admin/orders");
      await page.getByTestId("order-row").filter({ hasText: number }).getByText(shopper.email).click();
      await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 2, name: `Order ${number}` })).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Paid");
      await expect(page.getByTestId("fulfilment-status")).toHaveText("Unfulfilled");
      await expect(page.getByTestId("customer-stats")).toHaveText("1 order · $99.98 spent");
      await expect(page.getByText("Test card provider · VISA ending 4242 · USD")).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/order-page-${viewport.width}.png`, fullPage: true });

      // A staff note lands on the timeline.
      await page.getByLabel("Add a note").fill("Gift: no invoice in the parcel, please.");
      await page.getByRole("button", { name: "Add note" }).click();
      const timeline = page.getByRole("list", { name: "Order timeline" });
      await expect(timeline.getByRole("listitem").first()).toContainText("Staff note");
      await expect(timeline.getByRole("listitem").first()).toContainText("Gift: no invoice in the parcel, please.");
      await expect(timeline.getByRole("listitem").first()).toContainText(`by ${ADMIN.email}`);

      // Fulfil with a carrier and a tracking number: asked first, then emailed with the link.
      await page.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
      await page.getByLabel("Tracking number (optional)").fill("RM123456789GB");
      await page.getByRole("button", { name: "Fulfil order" }).click();
      const fulfilDialog = page.getByRole("alertdialog", { name: `Fulfil order ${number}?` });
      await expect(fulfilDialog).toContainText("shipping confirmation email");
      await expectAccessible(page);
      await fulfilDialog.getByRole("button", { name: "Fulfil and email customer" }).click();
      await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilled");
      await expect(page.getByRole("link", { name: "RM123456789GB" })).toHaveAttribute("href", /royalmail\.com.*RM123456789GB/);
      const shipped = await waitForMail(shopper.email, `order ${number} has shipped`);
      expect(shipped.text).toContain("https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB");

      // Refund the Purple unit with restock, after fulfilment.
      await page.getByText("Issue a refund", { exact: true }).click();
      await page.getByLabel(/R36S Retro Handheld \(Purple\), units to refund/).fill("1");
      await page.getByLabel("Reason").fill("Returned unopened");
      await page.getByRole("button", { name: "Refund $49.99" }).click();
      const refundDialog = page.getByRole("alertdialog", { name: "Refund $49.99?" });
      await expectAccessible(page);
      await refundDialog.getByRole("button", { name: "Refund $49.99" }).click();
      await expect(page.getByTestId("payment-status")).toHaveText("Partially refunded");
      await expect(timeline.getByRole("listitem").first()).toContainText(/Refunded \$49\.99 \(re_test_[0-9a-f]+\)\. Reason: Returned unopened/);
      await expect(page.getByRole("list", { name: "Refunds" })).toContainText("$49.99 · Refunded");
      await expectAccessible(page);
      const refundMail = await waitForMail(shopper.email, `order ${number} refund`);
      expect(refundMail.text).toContain("We have refunded $49.99");
      expect(await unitsLeft(page, "Purple")).toBe(purpleBefore + 1);
    });
  });
}

test("cancelling from the order page names both answers unambiguously", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const shopper = { name: "Keep Ornot", email: `cancel-page-${Date.now()}@example.com` };
  const number = await buyTwoColours(browser, shopper);
  await signInAsAdmin(page, "/admin/orders");
  await page.getByRole("link", { name: new RegExp(number) }).click();
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel order ${number}?` });
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order and refund $99.98" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(page.getByText("Cancelled: Cancelled by staff")).toBeVisible();
});
