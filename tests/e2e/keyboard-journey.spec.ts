import type { Locator, Page } from "@playwright/test";
import { uniqueEmail } from "./account-helpers";
import { expect, test } from "./fixtures";

/**
 * Issue 15, "Done when": a shopper with a keyboard alone (Tab, Enter, Space, the arrow keys,
 * Escape and typing) searches from the header, saves the console to the wishlist, adds it to the
 * cart (the drawer traps focus and closes on Escape) and pays with the test card. Nothing here
 * clicks, fills or checks: every step is a key press. Each page and state it passes through is
 * scanned by axe in the spec that owns it (docs/testing.md, "Axe checks de-duplicated"), not here.
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * The phone's part of the walk (the rest of it does not depend on the width): below 1024 px the
 * header has a Search link, not a box, and /search takes the focus into its box.
 */
test("keyboard only at 375 px: the header's Search link opens /search with the box focused, and the results", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/");
  await page.locator("body").focus();
  await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Search" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search" })).toBeFocused();
  await page.keyboard.type("r36 pro");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=r36\+pro$/);
  await expect(page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 }).first()).toHaveText("R36PRO Handheld Console");
});

const width = 1280;
test("keyboard only at 1280 px: search, wishlist, cart drawer and checkout with the test card", async ({ page }, testInfo) => {
  // Eight pages, a payment and a round trip per key press: it took two minutes at a load of 7 on the
  // 2-core machine (with an axe pass on each state then).
  test.setTimeout(480_000);
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/");
  // Start from the top of the document, as a fresh page load does for a keyboard user.
  await page.locator("body").focus();

  // Search from the header's box (from 1024 px; the phone's Search link is the test above).
  await tabTo(page, page.getByRole("banner").getByRole("searchbox", { name: "Search" }));
  await page.keyboard.type("r36 pro");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=r36\+pro$/);
  const results = page.getByRole("region", { name: "Products" });
  await expect(results.getByRole("heading", { level: 3 }).first()).toHaveText("R36PRO Handheld Console");

  await tabTo(page, results.getByRole("link", { name: /R36PRO Handheld Console/ }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\/r36pro$/);
  await expect(page.getByRole("heading", { level: 1, name: "R36PRO Handheld Console" })).toBeVisible();

  // A colour by the arrow keys: the swatches are one radio group (Blue is chosen first).
  const blue = page.getByRole("radio", { name: "Blue" });
  await expect(blue).toBeChecked();
  await tabTo(page, blue);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Orange" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Orange" })).toBeFocused();

  // The heart (before the swatches in the page) by Shift+Tab, pressed with Space.
  const heart = page.getByRole("button", { name: "Save R36PRO Handheld Console to wishlist" });
  await tabTo(page, heart, { back: true });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Space");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Saved to your wishlist", { exact: true })).toBeVisible();

  // Add to Cart with Enter: the drawer opens with the line, keeps the focus, and Escape closes it.
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Added to Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("R36PRO Handheld Console");
  await expect(drawer).toContainText("Colour: Orange");
  await expect(drawer.getByTestId("drawer-subtotal")).toHaveText("$59.99");
  await page.screenshot({ path: testInfo.outputPath(`keyboard-drawer-${width}.png`) });
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]")), "focus stays in the drawer").toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // The wishlist keeps the console (the header's heart link).
  await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Wishlist" }), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(page.getByTestId("wishlist-item")).toContainText("R36PRO Handheld Console");
  await expect(page.getByTestId("wishlist-item")).toContainText("Colour: Orange");

  // To the cart and its checkout.
  await tabTo(page, page.getByRole("banner").getByRole("link", { name: /^Cart/ }), { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await tabTo(page, page.getByRole("link", { name: "Proceed to Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();

  // The form by Tab and typing; the country (the United States, from the browser's language) stays,
  // the state is picked by typing its name on the closed select.
  const email = uniqueEmail(`keyboard-${width}`);
  await typeInto(page, page.getByLabel("Email", { exact: true }), email);
  await expect(page.getByLabel("Country")).toHaveValue("US");
  await typeInto(page, page.getByLabel("Full name"), "Ada Lovelace");
  await typeInto(page, page.getByLabel("Address line 1"), "12 Analytical Row");
  await typeInto(page, page.getByLabel("Town or city"), "Albany");
  await typeInto(page, page.getByLabel("State", { exact: true }), "New York");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("NY");
  await typeInto(page, page.getByLabel("Postal code"), "12207");
  const pay = page.getByRole("button", { name: /^Continue to Payment · \$/ });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay);
  await page.keyboard.press("Enter");

  // The test provider's hosted page: the test card, then Enter on Pay.
  await page.waitForURL(/\/pay\/test\//);
  await typeInto(page, page.getByLabel("Card number"), "4242 4242 4242 4242");
  await typeInto(page, page.getByLabel("Expiry (MM / YY)"), "12 / 39");
  await typeInto(page, page.getByLabel("CVC"), "123");
  await tabTo(page, page.getByRole("button", { name: /^Pay \$/ }));
  await page.keyboard.press("Enter");

  await page.waitForURL(/\/checkout-success\?session_id=/);
  await expect(page.getByTestId("order-number")).toHaveText(/^PR-\d{6}-[2-9A-Z]{5}$/);
  await expect(page.getByRole("main")).toContainText("R36PRO Handheld Console");
  await expect(page.getByTestId("cart-count")).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath(`keyboard-success-${width}.png`), fullPage: true });
});
