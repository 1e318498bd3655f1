import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { PROMO_DISMISSED_KEY } from "../../app/lib/promo";
import { ADMIN, expect } from "./fixtures";

/** Steps several end-to-end tests take the same way: admin sign-in, shipping details, the test card. */

/** Signs the demo admin in at /admin-login and lands on `to`. */
export async function signInAsAdmin(page: Page, to: string) {
  await page.goto(`/admin-login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Username").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  // Checking the password is deliberately slow (scrypt): with a worker per core on a loaded machine
  // it took over 10 s.
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/]/g, "\\/")}$`), { timeout: 30_000 });
}

/** Puts one unit of a product's colour in the cart from its page. */
export async function addToCart(page: Page, slug: string, colour: string) {
  await page.goto(`/products/${slug}`);
  await page.getByRole("radio", { name: colour }).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart", { exact: true })).toBeVisible();
}

/**
 * Fills the checkout's shipping form (the email only when given: a signed-in shopper's is prefilled).
 * The country is the United States unless given: the market of the catalogue's base prices; a US
 * address gets its state.
 */
export async function fillShipping(page: Page, who: { email?: string; name: string; line1: string; postalCode: string; country?: string; state?: string }) {
  const country = who.country ?? "US";
  await page.getByLabel("Country").selectOption(country);
  // A US address names its state (New York unless given: no sales tax is configured by default).
  if (country === "US") await page.getByLabel("State", { exact: true }).selectOption(who.state ?? "NY");
  if (who.email !== undefined) await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Address line 1").fill(who.line1);
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postal code").fill(who.postalCode);
}

/** Pays on the test provider's hosted page: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
export async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay [$£€]/ }).click();
}

/** The variant id of a product page's colour: its radio's value (the radios are the purchase form's variantId). */
export async function variantIdOf(page: Page, colour: string): Promise<string> {
  return page.getByRole("radio", { name: colour }).inputValue();
}

/**
 * Units of an R36S colour that can still be bought, read through a page: the cart's refusal of an
 * absurd quantity names what is left (a plain form post renders /cart with the message).
 */
export async function unitsLeft(page: Page, colour: string): Promise<number> {
  await page.goto("/products/r36s");
  const variantId = await variantIdOf(page, colour);
  const res = await page.request.post("/cart", { form: { intent: "add", variantId, quantity: "999" } });
  expect(res.status()).toBe(409);
  const match = /Only (\d+) left in stock/.exec(await res.text());
  if (!match) throw new Error("no stock message on the cart page");
  return Number(match[1]);
}

/** Saves the open product editor with Publish and confirms in the spec's dialog; the editor goes back to the list with the toast. */
export async function publishProduct(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Publish Product" });
  await expect(dialog).toContainText("This product will be immediately visible on your website. Are you sure you want to publish?");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText("Product published successfully", { exact: true })).toBeVisible();
}

/** A page in a browser context of its own (another visitor than the test's `page`), the promo popup dismissed. */
export async function shopperPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addInitScript((key) => localStorage.setItem(key, String(Date.now() + 86_400_000)), PROMO_DISMISSED_KEY);
  return context.newPage();
}

/**
 * Buys one R36S in each colour on `page` with the test card and returns the order number. The email
 * only for a guest: a signed-in shopper's is prefilled.
 */
export async function buyR36s(page: Page, colours: string[], shopper: { name: string; email?: string }): Promise<string> {
  for (const colour of colours) {
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
  return (await page.getByTestId("order-number").textContent())!;
}
