import type { Browser, Page } from "@playwright/test";
import { createConfirmedCustomer, signInOverHttp, uniqueEmail } from "./account-helpers";
import { PROMO_DELAY_MS } from "../../app/lib/promo";
import { expect, expectAccessible, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { addToCart, buyR36s, fillShipping, shopperPage } from "./shop-steps";
import { adminSessionCookie } from "./staff-helpers";

/**
 * Issue 31, "The shopper's side, round 3", part A: what a careful shopper still tripped over. Each
 * test makes its own shopper, order and staff session (docs/testing.md); the popup's second runs on
 * page.clock.
 */

/** Staff fulfil an order over HTTP, as the order page's form posts it (the form is admin-order-page.spec.ts's subject). */
async function fulfilOverHttp(baseURL: string, orderId: string, carrier: string, trackingNumber: string) {
  const ip = "10.31.0.7";
  const cookie = await adminSessionCookie(baseURL, ip);
  const res = await fetch(new URL(`/admin/orders/${orderId}`, baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip, cookie },
    body: new URLSearchParams({ intent: "fulfil", carrier, trackingNumber }).toString(),
  });
  expect(res.status, "fulfil").toBe(200);
}

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

test.describe("2. tracking for the customer", () => {
  test("after staff fulfil with a tracking number, the account's order page and the guest lookup show carrier and tracking link", async ({ browser, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const email = uniqueEmail("tracking");
    const shop = await shopperPage(browser, { viewport: { width: 1280, height: 900 } });
    await createConfirmedCustomer(shop.context().request, baseURL!, email);
    await signInOverHttp(shop.context().request, baseURL!, email);
    const number = await buyR36s(shop, ["Orange"], { name: "Tess Tracking" });

    await shop.goto("/account");
    const link = shop.getByRole("link", { name: number });
    const orderId = (await link.getAttribute("href"))!.split("/").pop()!;
    await link.click();
    await expect(shop.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
    await expect(shop.getByTestId("shipment")).toHaveCount(0);

    const confirmation = await waitForMail(email, `order ${number}`);
    await fulfilOverHttp(baseURL!, orderId, "royal_mail", "RM123456789GB");
    await shop.reload();
    const shipment = shop.getByRole("region", { name: "Shipment" });
    await expect(shipment).toContainText("Royal Mail");
    await expect(shipment).toContainText("RM123456789GB");
    await expect(shipment.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute("href", "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB");
    await expect(shop.getByText(/\(30 days from dispatch\)/)).toBeVisible();
    await expectAccessible(shop);
    await shop.screenshot({ path: testInfo.outputPath("account-order-tracking-1280.png"), fullPage: true });
    await shop.setViewportSize({ width: 375, height: 800 });
    await shop.screenshot({ path: testInfo.outputPath("account-order-tracking-375.png"), fullPage: true });

    // A guest follows the confirmation email's link: the order number is filled in, the email is typed.
    const lookupLink = new URL(linkIn(confirmation, `${baseURL}/orders/lookup?number=`));
    const guest = await shopperPage(browser);
    await guest.goto(lookupLink.pathname + lookupLink.search);
    await expect(guest.getByLabel("Order number")).toHaveValue(number);
    await guest.getByLabel("Email", { exact: true }).fill(email);
    await guest.getByRole("button", { name: "Find my order" }).click();
    await expect(guest.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
    const guestShipment = guest.getByRole("region", { name: "Shipment" });
    await expect(guestShipment).toContainText("Royal Mail");
    await expect(guestShipment.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute("href", /RM123456789GB$/);
    await expectAccessible(guest);
    await shop.context().close();
    await guest.context().close();
  });
});

test.describe("5. promo popup", () => {
  test.use({ showPromo: true });
  const dialog = (page: Page) => page.getByRole("dialog", { name: "Partner deal" });

  test("after Escape the focus goes back where it was, and a phone's sheet leaves the hero's Shop Now usable", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await pauseClock(page);
    await openWhenReady(page, "/products");
    const card = page.getByRole("main").getByRole("link", { name: "R36S Retro Handheld", exact: true });
    await card.focus();
    await runPastDelay(page);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "Close" })).toBeFocused();
    // Time flows again: Radix gives the focus back on a timer of its own.
    await page.clock.resume();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(card).toBeFocused();

    // A new visit on a phone: the offer is a sheet at the bottom; the hero's Shop Now stays above it.
    const phone = await newVisitor(browser, { width: 375, height: 667 });
    await openWhenReady(phone, "/");
    await runPastDelay(phone);
    await expect(dialog(phone)).toBeVisible();
    await phone.clock.resume();
    const shopNow = phone.getByRole("link", { name: "Shop Now" });
    const [button, sheet] = [(await shopNow.boundingBox())!, (await dialog(phone).boundingBox())!];
    expect(button.y + button.height, "Shop Now ends above the sheet").toBeLessThanOrEqual(sheet.y);
    await expectAccessible(phone);
    await phone.screenshot({ path: test.info().outputPath("promo-sheet-375.png") });
    await shopNow.click();
    await expect(phone).toHaveURL(/\/product$/);
    await expect(dialog(phone)).toBeHidden();
    await phone.context().close();
  });

  test("Buy Now before the popup's second: no popup on checkout, nor later in the visit", async ({ browser }) => {
    const page = await newVisitor(browser, { width: 1280, height: 900 });
    await openWhenReady(page, "/products/r36s");
    await page.getByRole("button", { name: "Buy Now" }).click();
    // The popup's second passes while the Buy Now is on its way to checkout, and again there.
    await page.clock.runFor(PROMO_DELAY_MS + 500);
    await expect(page).toHaveURL(/\/checkout\?buy=now$/);
    await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
    await runPastDelay(page);
    await expect(dialog(page)).toHaveCount(0);
    // Back to browsing in the same visit: the shopper is busy, the popup stays away.
    await openWhenReady(page, "/products");
    await runPastDelay(page);
    await expect(dialog(page)).toHaveCount(0);
    await page.context().close();
  });
});

/**
 * The page's clock faked and stopped: the popup's second passes only when the test runs it, however
 * slowly a loaded machine gets the page ready (runPastPromoDelay needs a running clock: it waits on
 * an animation frame).
 */
async function pauseClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * Runs the stopped clock past the popup's second; had it opened, its dialog's module has loaded
 * (network idle) and React has shown it (its Suspense reveal waits on a timer too).
 */
async function runPastDelay(page: Page) {
  await page.clock.runFor(PROMO_DELAY_MS + 500);
  await page.waitForLoadState("networkidle");
  await page.clock.runFor(500);
}

/**
 * Opens a shop page and waits until its effects have run: the layout asks /api/personal from an
 * effect of the same commit that starts the popup's timer.
 */
async function openWhenReady(page: Page, path: string) {
  const personal = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/personal");
  await page.goto(path);
  await personal;
}

/** A first-time visitor (no dismissal remembered) whose clock is stopped from the start. */
async function newVisitor(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await pauseClock(page);
  return page;
}

test.describe("6. small things", () => {
  // The refused code's answer is a 400, which the browser reports.
  test.use({ allowedConsoleErrors: [/status of 400/] });
  test("a refused code's message goes with the cleared cart; the payment page takes 1230 as 12 / 30; the success page shows the address", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addToCart(page, "r36s", "Orange");
    await page.goto("/cart");
    await page.getByRole("textbox", { name: "Discount code" }).fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Apply" }).click();
    const refusal = page.getByText("We could not find the discount code NOSUCHCODE.");
    await expect(refusal).toBeVisible();
    await page.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(refusal).toHaveCount(0);

    await addToCart(page, "r36s", "Orange");
    await page.goto("/checkout");
    await fillShipping(page, { email: uniqueEmail("expiry"), name: "Eve Expiry", line1: "12 Dispatch Row", postalCode: "10001" });
    await page.getByRole("button", { name: /^Continue to Payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    const expiry = page.getByLabel("Expiry (MM / YY)");
    await expiry.pressSequentially("1230");
    await expect(expiry).toHaveValue("12 / 30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/);
    const address = page.getByRole("region", { name: "Delivery address" });
    await expect(address).toContainText("Eve Expiry");
    await expect(address).toContainText("12 Dispatch Row");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("success-address-1280.png"), fullPage: true });
  });
});

test.describe("4. the catalogue on a phone", () => {
  test("at 375 px: filters behind Filter and sort, two cards a row, the first on the first screen", async ({ page }, testInfo) => {
    const viewport = { width: 375, height: 667 };
    await page.setViewportSize(viewport);
    for (const path of ["/products", "/collections/accessories"]) {
      await page.goto(path);
      const cards = page.getByRole("main").getByRole("article");
      const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(first.y, `${path}: the first card starts on the first screen`).toBeLessThan(viewport.height);
      expect(Math.abs(first.y - second.y), `${path}: two cards share a row`).toBeLessThan(1);
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.goto("/products");
    const sort = page.getByLabel("Sort by");
    await expect(sort).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath("catalogue-closed-375.png") });
    await page.getByText("Filter and sort").click();
    await expect(sort).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("catalogue-open-375.png") });
    // A choice still applies from the open drawer.
    await page.getByRole("checkbox", { name: /Teal/ }).check();
    await expect(page).toHaveURL(/colour=Teal/);
    // Without JavaScript the disclosure opens too: product-browse.spec.ts, "without JavaScript at 375 px".

    // On a wide screen the form shows as it did, without the disclosure's summary.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByText("Filter and sort")).toBeHidden();
    await expect(sort).toBeVisible();
  });
});

test.describe("7. order note", () => {
  test("a note typed at checkout is on the staff's order page and the customer's, as text", async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("note");
    const note = "A gift: <b>no invoice</b> in the parcel, please.";
    await page.setViewportSize({ width: 1280, height: 900 });
    await addToCart(page, "r36s", "Orange");
    await page.goto("/checkout");
    await fillShipping(page, { email, name: "Nora Note", line1: "5 Quiet Lane", postalCode: "10001" });
    await page.getByLabel("Order note (optional)").fill(note);
    await page.getByRole("button", { name: /^Continue to Payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/);
    const number = (await page.getByTestId("order-number").textContent())!;

    // Staff see it on the order, as the customer typed it (markup as text).
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cookie = await adminSessionCookie(baseURL!, "10.31.0.8");
    await staff.addCookies(cookie.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: baseURL! })));
    const admin = await staff.newPage();
    await admin.goto(`/admin/orders?q=${number}`);
    await admin.getByTestId("order-row").filter({ hasText: number }).getByText(email).click();
    await expect(admin).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const staffNote = admin.getByTestId("customer-note");
    await expect(staffNote).toContainText("Note from the customer");
    await expect(staffNote).toContainText(note);
    await expect(staffNote.locator("b")).toHaveCount(0);
    await expectAccessible(admin);
    await admin.screenshot({ path: testInfo.outputPath("admin-order-note-1280.png"), fullPage: true });
    await staff.close();

    // The customer sees it on their order (the guest lookup).
    await page.goto("/orders/lookup");
    await page.getByLabel("Order number").fill(number);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Find my order" }).click();
    const own = page.getByRole("region", { name: "Your note" });
    await expect(own).toContainText(note);
    await expect(own.locator("b")).toHaveCount(0);
  });
});
