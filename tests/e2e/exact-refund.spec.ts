import { expect, expectAccessible, test } from "./fixtures";
import { fillShipping, payWithCard, shopperPage, signInAsAdmin, variantIdOf } from "./shop-steps";

/**
 * Issue 25: a discounted order refunded one unit from the order page gives back exactly what the
 * unit was charged, the form says so before and after, and the refund's credit note prints.
 * 2 × 35XXPro ($79.99) with 10% off: $143.98 paid, one unit $71.99 (before issue 25: $79.99).
 */
test("one unit of a discounted order refunded from the order page: exact amount, form reset, credit note", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(180_000);
  const code = `EXACT${Date.now().toString(36).toUpperCase()}`;
  await signInAsAdmin(page, "/admin/discounts/new");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Title", { exact: true }).fill("Exact refunds");
  await page.getByRole("textbox", { name: "Percent off" }).fill("10");
  await page.getByRole("button", { name: "Save Discount" }).click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);

  const shopper = await shopperPage(browser, { baseURL, extraHTTPHeaders });
  await shopper.goto("/products/rg35xx-pro");
  const variantId = await variantIdOf(shopper, "Teal");
  expect((await shopper.request.post("/cart", { form: { intent: "add", variantId, quantity: "2" } })).ok()).toBe(true);
  await shopper.goto("/cart");
  await shopper.getByRole("textbox", { name: "Discount code" }).fill(code);
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByText(/-10%/).first()).toBeVisible();
  await shopper.goto("/checkout");
  await fillShipping(shopper, { email: `exact-${Date.now()}@example.com`, name: "Ada Exact", line1: "1 Penny Lane", postalCode: "62701", state: "IL" });
  await shopper.getByRole("button", { name: /^Continue to Payment/ }).click();
  await shopper.waitForURL(/\/pay\/test\//);
  await payWithCard(shopper, "4242 4242 4242 4242");
  await shopper.waitForURL(/\/checkout-success\?session_id=/);
  const number = (await shopper.getByTestId("order-number").textContent())!;
  await expect(shopper.getByTestId("order-total")).toHaveText("$143.98");
  await shopper.context().close();

  await page.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
  await page.getByTestId("order-row").filter({ hasText: number }).getByText("Ada Exact").click();
  await expect(page.getByRole("heading", { level: 2, name: `Order ${number}` })).toBeVisible();

  // Before: each unit gives back what it was charged, and the button says the exact total.
  await page.getByText("Issue a refund", { exact: true }).click();
  await expect(page.getByTestId("refund-per-unit")).toHaveText("$71.99 per unit");
  const units = page.getByLabel(/35XXPro Handheld Console \(Teal\), units to refund \(of 2\)/);
  await units.fill("1");
  await page.getByLabel("Reason").fill("One came back");
  await page.getByRole("button", { name: "Refund $71.99" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Refund $71.99?" });
  await dialog.getByRole("button", { name: "Refund $71.99" }).click();

  // After: $71.99 refunded (not the $79.99 list price), what is left, and an empty form.
  await expect(page.getByTestId("payment-status")).toHaveText("Partially refunded");
  const refunds = page.getByRole("list", { name: "Refunds" });
  await expect(refunds).toContainText("$71.99 · Refunded");
  // The form stays open, empty: nothing left behind inviting a second refund.
  await expect(page.getByText("Up to $71.99 is left to refund.", { exact: false })).toBeVisible();
  await expect(page.getByLabel(/35XXPro Handheld Console \(Teal\), units to refund \(of 1\)/)).toHaveValue("0");
  await expect(page.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
  await expectAccessible(page);

  // The credit note prints: its number, the invoice it corrects, the line, the total in USD.
  await refunds.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6}$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit note" })).toBeVisible();
  await expect(page.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
  await expect(page.getByRole("table")).toContainText("35XXPro Handheld Console (Teal)");
  await expect(page.getByTestId("credit-note-total")).toHaveText("$71.99");
  await expect(page.getByText(/Amounts in USD\./)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/credit-note.png", fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});
