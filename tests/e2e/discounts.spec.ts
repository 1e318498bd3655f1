import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";
import { fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";

/** Puts `quantity` R36S of a colour into this browser's cart, through the cart's own form endpoint. */
async function addR36s(page: Page, colour: string, quantity: number) {
  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: colour }).check();
  const variantId = await page.locator('form[action="/cart"] input[name="variantId"]').first().inputValue();
  const res = await page.request.post("/cart", { form: { intent: "add", variantId, quantity: String(quantity) } });
  expect(res.ok()).toBe(true);
}

test.describe("discount codes, end to end", () => {
  // A refused code answers 400 with its reason, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the merchant creates a 10% code with a minimum; below it the shopper is told what to add, above it pays the discounted total; order, email and use count show it", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const code = `TEN${Date.now().toString(36).toUpperCase()}`;
    await signInAsAdmin(page, "/admin/discounts/new");
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Title", { exact: true }).fill("Ten percent over $60");
    await page.getByRole("textbox", { name: "Percent off" }).fill("10");
    await page.getByLabel("Minimum in USD").fill("60");
    await page.getByRole("button", { name: "Save Discount" }).click();
    await expect(page).toHaveURL(/\/admin\/discounts$/);

    // The shopper is another visitor: a browser context of their own.
    const context = await browser.newContext({ baseURL, extraHTTPHeaders });
    const shopper = await context.newPage();
    await addR36s(shopper, "White", 1);
    await shopper.goto("/checkout");
    await shopper.getByLabel("Discount code").fill(code.toLowerCase());
    await shopper.getByRole("button", { name: "Apply" }).click();
    await expect(shopper.getByRole("alert")).toHaveText(`Add $10.01 more to use ${code}.`);
    await expect(shopper.getByTestId("checkout-total")).toHaveText("$49.99");
    await expectAccessible(shopper);

    await addR36s(shopper, "White", 1);
    await shopper.goto("/checkout");
    await shopper.getByLabel("Discount code").fill(code.toLowerCase());
    await shopper.getByRole("button", { name: "Apply" }).click();
    await expect(shopper.getByTestId("discount-line")).toHaveText(`${code} -10% -$10.00`);
    await expect(shopper.getByTestId("checkout-discount")).toHaveText("-$10.00");
    await expect(shopper.getByTestId("checkout-total")).toHaveText("$89.98");
    await expect(shopper.getByRole("textbox", { name: "Discount code" })).toHaveValue("");
    await expectAccessible(shopper);
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper.screenshot({ path: "test-results/checkout-discount-1280.png", fullPage: true });
    await shopper.setViewportSize({ width: 375, height: 800 });
    await shopper.screenshot({ path: "test-results/checkout-discount-375.png", fullPage: true });
    await shopper.setViewportSize({ width: 1280, height: 900 });

    const email = `discount-${Date.now()}@example.com`;
    await fillShipping(shopper, { email, name: "Grace Hopper", line1: "1 Compiler Lane", postalCode: "EC1A 1BB" });
    await shopper.getByRole("button", { name: "Continue to Payment" }).click();
    await shopper.waitForURL(/\/pay\/test\/cs_test_/);
    await expect(shopper.getByTestId("pay-amount")).toHaveText("$89.98");
    await expect(shopper.getByTestId("pay-discount")).toHaveText(`Includes discount ${code} -$10.00`);
    await payWithCard(shopper, "4242 4242 4242 4242");
    await shopper.waitForURL(/\/checkout-success\?session_id=/);
    await expect(shopper.getByTestId("order-total")).toHaveText("$89.98");
    const number = (await shopper.getByTestId("order-number").textContent())!;

    const mail = await waitForMail(email, number);
    expect(mail.text).toContain(`Discount (${code} -10%): -$10.00`);
    expect(mail.text).toContain("Total: $89.98");

    await page.goto(`/admin/discounts?q=${code}`);
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("Active");
    await expect(row.getByRole("cell").nth(3)).toHaveText("1");
    await expect(row).toContainText("$89.98");

    await page.goto(`/admin/orders?q=${number}`);
    await page.getByRole("link", { name: number }).first().click();
    await expect(page.getByText(`Discount (${code} -10%)`)).toBeVisible();
    await context.close();
  });
});
