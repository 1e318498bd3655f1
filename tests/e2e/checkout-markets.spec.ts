import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";
import { addToCart, fillShipping, payWithCard, signInAsAdmin } from "./shop-steps";

/**
 * Checkout charges what the page shows (issue 12): the delivery country's currency, the chosen
 * method's price and delivery estimate, and the tax, through to the payment page, the order, the
 * confirmation email and the back office.
 */

const ESTIMATE = /^Estimated delivery \w{3} \d{1,2} \w{3}( – \w{3} \d{1,2} \w{3})?$/;

function option(page: Page, name: string) {
  return page.getByRole("group", { name: "Delivery method" }).locator("label").filter({ has: page.getByRole("radio") }).filter({ hasText: name });
}

test.describe("a shopper in the United Kingdom", () => {
  test.use({ locale: "en-GB" });

  test("sees pounds with VAT, chooses Next Day, pays with the test card; page, email and back office show GBP, the method, the estimate and the VAT", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(300_000);
    const email = `uk-${Date.now()}@example.com`;
    await addToCart(page, "r36s", "Purple");
    await expect(page.getByText("incl. VAT").first()).toBeVisible();
    await page.goto("/checkout");
    await expect(page.getByLabel("Country")).toHaveValue("GB");
    // £39.99 is a penny below the free-shipping threshold: Standard costs £3.99.
    await expect(option(page, "Standard")).toContainText("£3.99");
    await expect(option(page, "Express")).toContainText("£8.99");
    await expect(option(page, "Next Day")).toContainText("£12.99");
    for (const name of ["Standard", "Express", "Next Day"]) {
      await expect(option(page, name).locator("span.text-sm")).toHaveText(ESTIMATE);
    }
    await expect(page.getByTestId("checkout-total")).toHaveText("£43.98");

    await option(page, "Next Day").getByRole("radio").check();
    await expect(page.getByTestId("checkout-shipping")).toHaveText("£12.99");
    await expect(page.getByTestId("checkout-total")).toHaveText("£52.98");
    // VAT inside £39.99 and £12.99, rounded per line: £6.67 + £2.17.
    await expect(page.getByText("Including VAT (20%)")).toBeVisible();
    await expect(page.getByTestId("checkout-tax")).toHaveText("£8.84");
    await expect(page.getByRole("button", { name: "Update delivery options and total" })).toHaveCount(0);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/checkout-uk-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "test-results/checkout-uk-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await fillShipping(page, { email, name: "Ada Lovelace", line1: "12 Analytical Row", postalCode: "SE1 7PB", country: "GB" });
    await expect(page.getByTestId("checkout-total")).toHaveText("£52.98");
    await page.getByRole("button", { name: /^Continue to Payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await expect(page.getByTestId("pay-amount")).toHaveText("£52.98");
    await expect(page.getByTestId("pay-shipping")).toHaveText("Shipping (Next Day) £12.99");
    await expect(page.getByTestId("pay-tax")).toHaveText("Including VAT (20%) £8.84");
    await payWithCard(page, "4242 4242 4242 4242");

    await page.waitForURL(/\/checkout-success\?session_id=/);
    await expect(page.getByTestId("order-status")).toHaveText("Processing");
    await expect(page.getByTestId("order-total")).toHaveText("£52.98");
    await expect(page.getByTestId("order-tax")).toHaveText("£8.84");
    await expect(page.getByTestId("order-delivery")).toHaveText(/^Next Day, estimated delivery /);
    const number = (await page.getByTestId("order-number").textContent())!;

    const mail = await waitForMail(email, number);
    expect(mail.text).toContain("1 x R36S Retro Handheld (Purple)  £39.99");
    // The message's lines end in CRLF on the wire: each line is checked on its own.
    for (const line of ["Shipping (Next Day): £12.99", "Total: £52.98", "Including VAT (20%): £8.84", "Delivery: Next Day, estimated delivery "]) {
      expect(mail.text).toContain(line);
    }

    const context = await browser.newContext({ baseURL, extraHTTPHeaders });
    const admin = await context.newPage();
    await signInAsAdmin(admin, "/admin/orders");
    await admin.getByTestId("order-row").filter({ hasText: number }).getByText(email).click();
    await expect(admin).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const main = admin.getByRole("main");
    await expect(main).toContainText("Shipping (Next Day)£12.99");
    await expect(main).toContainText("Including VAT (20%)£8.84");
    await expect(admin.getByTestId("order-total")).toHaveText("£52.98");
    await expect(admin.getByTestId("order-delivery")).toHaveText(/^Next Day, estimated delivery /);
    await context.close();
  });
});

test.describe("a shopper in the United States", () => {
  test.use({ locale: "en-US" });

  test("with $49.99 pays $12.99 Standard and sees 'Sales tax $0.00'; with the $79.99 console shipping is free", async ({ page }) => {
    await addToCart(page, "r36s", "Black");
    await page.goto("/checkout");
    await expect(page.getByLabel("Country")).toHaveValue("US");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("$12.99");
    await expect(page.getByText("Sales tax", { exact: true })).toBeVisible();
    await expect(page.getByTestId("checkout-tax")).toHaveText("$0.00");
    await expect(page.getByTestId("checkout-total")).toHaveText("$62.98");
    await fillShipping(page, { email: `us-${Date.now()}@example.com`, name: "Grace Hopper", line1: "1 Compiler Lane", postalCode: "10001" });
    await page.getByRole("button", { name: /^Continue to Payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await expect(page.getByTestId("pay-amount")).toHaveText("$62.98");
    await expect(page.getByTestId("pay-shipping")).toHaveText("Shipping (Standard) $12.99");

    // Another shopper, another cart: the RG35XX Pro alone is above $75.
    await page.context().clearCookies();
    await addToCart(page, "rg35xx-pro", "Teal");
    await page.goto("/checkout");
    await expect(option(page, "Standard")).toContainText("Free");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText("$79.99");
  });
});

test.describe("a shopper in Germany", () => {
  test.use({ locale: "de-DE" });

  test("sees euros and 19% VAT; switching the country to France re-prices the tax", async ({ page }) => {
    await addToCart(page, "r36s", "Orange");
    await expect(page.getByTestId("price-total")).toHaveText("€45.99");
    await page.goto("/checkout");
    await page.getByLabel("Country").selectOption("DE");
    await expect(page.getByLabel("Country")).toHaveValue("DE");
    // €45.99 is below the €60 threshold: Standard €9.99; VAT 19% inside both.
    await expect(page.getByTestId("checkout-total")).toHaveText("€55.98");
    await expect(page.getByText("Including VAT (19%)")).toBeVisible();
    await expect(page.getByTestId("checkout-tax")).toHaveText("€8.94");
    await page.getByLabel("Country").selectOption("FR");
    await expect(page.getByText("Including VAT (20%)")).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText("€55.98");
  });

  test("Continue to Payment waits while the summary is re-priced for a new country", async ({ page }) => {
    await addToCart(page, "r36s", "Orange");
    await page.goto("/checkout");
    await page.getByLabel("Country").selectOption("DE");
    await expect(page.getByText("Including VAT (19%)")).toBeVisible();
    // The summary's request for France is held until the button has been seen disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/checkout\.data\?country=FR/, async (route) => {
      await held;
      await route.continue();
    });
    const submit = page.getByRole("button", { name: /^Continue to Payment/ });
    await page.getByLabel("Country").selectOption("FR");
    await expect(submit).toBeDisabled();
    release();
    await expect(page.getByText("Including VAT (20%)")).toBeVisible();
    await expect(submit).toBeEnabled();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "en-GB" });

  test("the Update button re-prices for the country chosen and keeps what was typed", async ({ page }) => {
    await page.goto("/products/r36s");
    await page.getByRole("radio", { name: "White" }).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/checkout");
    await page.getByLabel("Email", { exact: true }).fill("nojs@example.com");
    await page.getByLabel("Country").selectOption("US");
    await page.getByRole("button", { name: "Update delivery options and total" }).click();
    await expect(page.getByTestId("checkout-total")).toHaveText("$62.98");
    await expect(option(page, "Priority")).toContainText("$39.99");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("nojs@example.com");
    // The page is now a US address form: it asks for the state (sales tax is set per state).
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("");
  });
});
