import type { Page } from "@playwright/test";
import { PROMO_SEEN_COOKIE } from "../../app/lib/promo";
import { createConfirmedCustomer, signIn, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectFitsPhone, runPastPromoDelay, test } from "./fixtures";
import { readAll, waitForMail } from "./mailbox";
import { addToCart, fillShipping, payWithCard, publishProduct, signInAsAdmin } from "./shop-steps";

/**
 * Issue 15's numbered problems, each as a shopper meets it. Each journey runs once, at 1280 px, and
 * checks the phone's layout (375 px) on the pages where it differs (docs/testing.md).
 */

const WIDTHS = [1280, 375] as const;

async function cartLines(page: Page): Promise<string[]> {
  await page.goto("/cart");
  return page.getByTestId("cart-line").getByRole("heading").allTextContents();
}

test.describe("1. Buy Now", () => {
  test("checks out exactly the chosen product, colour and quantity, and leaves the cart as it was", async ({ page }, testInfo) => {
    // Two product pages, a payment and two axe passes: past the default minute on a loaded machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await addToCart(page, "rg35xx-pro", "Black");
    await page.goto("/products/r36pro");
    await page.getByRole("radio", { name: "Orange" }).check();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/checkout\?buy=now$/);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary.getByRole("listitem")).toHaveCount(1);
    await expect(summary).toContainText("R36PRO");
    await expect(summary).toContainText("Orange × 2");
    await expect(page.getByTestId("checkout-total")).toHaveText("$119.98");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("buy-now-checkout-1280.png"), fullPage: true });
    await expectFitsPhone(page, "buy-now-checkout");

    const email = uniqueEmail("buy-now");
    await fillShipping(page, { email, name: "Ada Lovelace", line1: "12 Analytical Row", postalCode: "SE1 7PB" });
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/pay\/test\//);
    await expect(page.getByTestId("pay-amount")).toHaveText("$119.98");
    // The payment and success pages' axe at 1280 px is checkout.spec.ts's.
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/checkout-success\?session_id=/);
    await expect(page.getByTestId("order-total")).toHaveText("$119.98");
    // The 35XXPro is still in the cart, alone, as before.
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    expect(await cartLines(page)).toEqual(["35XXPro Handheld Console"]);
  });
});

test.describe("2. My Account", () => {
  test("lists only placed orders: a checkout cancelled at the payment page is not one", async ({ page, request, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = uniqueEmail("unpaid");
    await createConfirmedCustomer(request, baseURL!, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto("/products/r36s");
      await page.getByRole("button", { name: "Buy Now" }).click();
      await fillShipping(page, { name: "Grace Hopper", line1: "1 Compiler Way", postalCode: "SE1 7PB" });
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await page.waitForURL(/\/pay\/test\//);
      await page.getByRole("link", { name: /^Cancel and return/ }).click();
      await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
    }
    await expectAccessible(page);
    await page.goto("/account");
    await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
    await expect(page.getByText("Pending")).toHaveCount(0);
    // /account without orders at 1280 px: axe in accounts.spec.ts; here the phone's.
    await page.screenshot({ path: testInfo.outputPath("account-no-orders-1280.png"), fullPage: true });
    await expectFitsPhone(page, "account-no-orders");
  });
});

test.describe("3. One reference", () => {
  test("the success page and the email carry the order number, never the provider's session id; its table fits the phone", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = uniqueEmail("number");
    await page.goto("/products/r36s");
    await page.getByRole("button", { name: "Buy Now" }).click();
    await fillShipping(page, { email, name: "Ada Lovelace", line1: "12 Analytical Row", postalCode: "SE1 7PB" });
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/pay\/test\//);
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/checkout-success\?session_id=/);
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;
    const number = (await page.getByTestId("order-number").textContent())!;
    expect(number).toMatch(/^PR-\d{6}-[2-9A-Z]{5}$/);
    await expect(page.getByText(/Order reference/)).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(sessionId.slice(-12));
    // The order's table fits the width: item, quantity and total in view, nothing scrolled sideways;
    // the phone leaves out the unit price.
    const items = page.getByRole("region", { name: "Your order" });
    await expect(items.getByRole("row").nth(1)).toContainText("R36S");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await items.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await expect(items.getByRole("columnheader", { name: "Price" })).toBeVisible({ visible: width > 600 });
      // The success page's axe at 1280 px is checkout.spec.ts's.
      if (width === 375) await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`order-number-${width}.png`), fullPage: true });
    }
    const mail = await waitForMail(email, number);
    expect(mail.text).not.toContain(sessionId.slice(-12));
  });
});

/** Sets R36PRO colours' stock in the back office's product editor (colour numbers as listed there); `page` is an admin's. */
async function setR36proStock(page: Page, stock: Record<number, string>) {
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Edit R36PRO Handheld Console" }).click();
  for (const [n, value] of Object.entries(stock)) await page.getByRole("group", { name: `Colour ${n}` }).getByLabel("Stock").fill(value);
  await publishProduct(page);
}

/**
 * axe from the top of the page: at 375 px the buy box's controls scroll the gallery's colour
 * thumbnails under the sticky header, which axe's target-size rule counts as covering them.
 */
async function axeFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
}

test.describe("4. Stock", () => {
  // R36PRO in the editor: 1 Blue, 2 Orange, 3 Purple, 4 Black, 5 White.
  test.afterEach(async ({ page }) => setR36proStock(page, { 3: "15", 5: "10" }));

  test("sold-out swatches are marked, 'Only N left' caps the picker, and 'Email me when it's back' mails once", async ({ browser, page, baseURL }) => {
    // Four editor saves, a shopper and a mail round trip: more than the default minute on a loaded machine.
    test.setTimeout(240_000);
    await signInAsAdmin(page, "/admin/products");
    await setR36proStock(page, { 3: "3", 5: "0" });
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.15.4.128" } });
    // This visitor has seen the promo popup already this visit.
    await context.addCookies([{ name: PROMO_SEEN_COOKIE, value: "1", url: baseURL! }]);
    const shopper = await context.newPage();
    await shopper.setViewportSize({ width: 1280, height: 1000 });
    await shopper.goto("/products/r36pro");

    await expect(shopper.getByRole("radio", { name: "White, sold out" })).toBeVisible();
    await expect(shopper.getByRole("radio", { name: "Blue, sold out" })).toHaveCount(0);
    await expect(shopper.getByTestId("sold-out-mark")).toHaveCount(1);

    await shopper.getByRole("radio", { name: "Purple" }).check();
    await expect(shopper.getByText("Only 3 left", { exact: true })).toBeVisible();
    const plus = shopper.getByRole("button", { name: "Increase quantity" });
    for (let i = 0; i < 4; i++) await plus.click({ force: true });
    await expect(shopper.getByRole("group", { name: "Quantity" }).getByRole("status")).toHaveText("3");
    await expect(plus).toHaveAttribute("aria-disabled", "true");
    await shopper.screenshot({ path: test.info().outputPath("low-stock-1280.png") });
    await axeFromTop(shopper);
    // The phone's buy box (its sticky header over the gallery is what axeFromTop is about).
    await shopper.setViewportSize({ width: 375, height: 1000 });
    await axeFromTop(shopper);
    await shopper.screenshot({ path: test.info().outputPath("low-stock-375.png") });
    await shopper.setViewportSize({ width: 1280, height: 1000 });

    await shopper.getByRole("radio", { name: "White" }).check();
    await expect(shopper.getByText("Sold out", { exact: true })).toBeVisible();
    await expect(shopper.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    const email = uniqueEmail("back");
    await shopper.getByLabel("Email me when White is back").fill("not an email");
    await shopper.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(shopper.getByText("Please enter a valid email address.")).toBeVisible();
    await shopper.getByLabel("Email me when White is back").fill(email);
    await shopper.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(shopper.getByText(`Thanks: we will email ${email} once when it is back.`)).toBeVisible();
    // Asking twice is still one sign-up.
    await shopper.getByRole("button", { name: "Email me when it's back" }).click();
    await axeFromTop(shopper);
    await shopper.screenshot({ path: test.info().outputPath("sold-out-1280.png"), fullPage: false });
    await context.close();

    await setR36proStock(page, { 5: "4" });
    const mail = await waitForMail(email, "Back in stock: R36PRO Handheld Console (White)");
    expect(mail.text).toContain("/products/r36pro");
    // Another stock change later: no second email for the same sign-up.
    await setR36proStock(page, { 5: "6" });
    await page.goto("/products/r36pro");
    expect(readAll().filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});

test.describe("5. Not found", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  for (const width of WIDTHS) {
    test(`an unknown product and an unknown page render inside the shop layout with a proper title at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/products/no-such-console", "/no-such-page"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
        await expect(page).toHaveTitle("Page not found | Pocket Retro");
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expect(page.getByRole("link", { name: "Cart" })).toBeVisible();
        await expectAccessible(page);
      }
      await page.screenshot({ path: test.info().outputPath(`not-found-${width}.png`), fullPage: true });
    });
  }
});

test.describe("6. Promo popup", () => {
  test.use({ showPromo: true });
  const dialog = (page: Page) => page.getByRole("dialog", { name: "Partner deal" });

  test("never covers cart, checkout, sign-in or account pages", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.install();
    for (const path of ["/cart", "/checkout", "/auth", "/faq"]) {
      await page.goto(path);
      // The popup would have opened after 1 s: run the page's clock past it.
      await runPastPromoDelay(page);
      await expect(dialog(page)).toBeHidden();
      // The empty checkout is scanned nowhere else; the empty cart (checkout.spec.ts), the sign-in
      // form (accounts.spec.ts) and the FAQ (content-pages.spec.ts) are.
      if (path === "/checkout") await expectAccessible(page);
    }
  });

  // On the phone, where the dialog covers most of the screen.
  test("shows at most once per visit even when storage is blocked, at 375 px", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("blocked", "SecurityError");
        },
      });
    });
    // The same fake clock shows the popup here and keeps it away below.
    await page.clock.install();
    await page.goto("/products");
    await runPastPromoDelay(page);
    await expect(dialog(page)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("promo-375.png") });
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    for (const path of ["/", "/blog", "/products/r36s"]) {
      await page.goto(path);
      await runPastPromoDelay(page);
      await expect(dialog(page)).toBeHidden();
    }
    // The product page at 375 px without the popup: axe in product-gallery.spec.ts.
  });
});

test.describe("7. Clear cart", () => {
  test("offers Undo in the toast, which puts the lines back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addToCart(page, "r36s", "Purple");
    await addToCart(page, "r36s", "Black");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await page.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    const toast = page.getByRole("status").filter({ hasText: "Cart cleared" });
    // app/lib/use-each-result.ts: this toast went missing once in eight runs when it hung on an effect's deps.
    await expect(toast).toContainText("2 items removed.");
    // The pointer rests on the toast (its Undo), which pauses it (as a shopper reading it would) while axe runs.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole("button", { name: "Undo" }).hover();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`clear-cart-${width}.png`) });
    }
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
  });
});

test.describe("8. Mobile menu", () => {
  test("has 44 px targets and the footer's important links at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCSS("height", "44px");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Home", "Products", "Blog", "Contact", "FAQ", "Shipping Policy", "Refund Policy", "Privacy Policy", "Terms of Service", "Sign In"]) {
      const link = menu.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.height, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("mobile-menu-375.png"), fullPage: true });
    await menu.getByRole("link", { name: "Shipping Policy" }).click();
    await expect(page).toHaveURL(/\/shipping-policy$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("9. Focus", () => {
  for (const width of WIDTHS) {
    test(`every control shows a focus ring of at least 2 px at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/products/r36s");
      // Keyboard through the page: each focused control draws a solid outline of 3 px, 2 px away.
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          return {
            name: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? ""}`,
            width: parseFloat(style.outlineWidth),
            outlineStyle: style.outlineStyle,
            offset: parseFloat(style.outlineOffset),
          };
        });
        if (!focus) continue;
        seen.add(focus.name);
        expect(focus.outlineStyle, focus.name).toBe("solid");
        expect(focus.width, focus.name).toBeGreaterThanOrEqual(2);
      }
      expect(seen.size).toBeGreaterThan(10);
      await page.getByRole("button", { name: "Add to Cart" }).focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await page.screenshot({ path: test.info().outputPath(`focus-${width}.png`) });
    });
  }
});

test.describe("10. Dev mailbox", () => {
  test("admins read the outbox with rendered bodies and working links", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("mailbox");
    const res = await request.post("/api/auth/sign-up/email", { data: { email, password: "pixel-pass-42", name: "Test" }, headers: { Origin: baseURL! } });
    expect(res.status()).toBe(200);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page, "/admin/mailbox");
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    const message = page.getByRole("link", { name: new RegExp(`Confirm your email.*To ${email.replace(/[.+]/g, "\\$&")}`) });
    await expect(message).toBeVisible();
    await expectAccessible(page);
    await message.click();
    const body = page.getByRole("article");
    await expect(body.getByRole("heading", { name: /Confirm your email/ })).toBeVisible();
    await expect(body).toContainText(email);
    const link = body.getByRole("link", { name: /\/auth\/verify/ });
    await expect(link).toHaveAttribute("href", new RegExp(`^${baseURL}/auth/verify`));
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("mailbox-1280.png"), fullPage: true });
    await expectFitsPhone(page, "mailbox");
    // The link confirms the account, as from a real inbox (followed outside the admin's session).
    const confirmed = await request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
    expect(confirmed.headers()["location"]).toBe("/auth?notice=confirmed");
  });

  test("is for admins only", async ({ page }) => {
    const res = await page.goto("/admin/mailbox");
    expect(new URL(page.url()).pathname).toBe("/admin-login");
    expect(res?.status()).toBe(200);
  });
});
