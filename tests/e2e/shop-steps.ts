import type { Page } from "@playwright/test";
import { ADMIN, expect } from "./fixtures";

/** Steps several end-to-end tests take the same way: admin sign-in, shipping details, the test card. */

/** Signs the demo admin in at /admin-login and lands on `to`. */
export async function signInAsAdmin(page: Page, to: string) {
  await page.goto(`/admin-login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Username").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/]/g, "\\/")}$`));
}

/** Fills the checkout's shipping form (the email only when given: a signed-in shopper's is prefilled). */
export async function fillShipping(page: Page, who: { email?: string; name: string; line1: string; postalCode: string }) {
  if (who.email !== undefined) await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Address line 1").fill(who.line1);
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postal code").fill(who.postalCode);
  await page.getByLabel("Country").selectOption("GB");
}

/** Pays on the test provider's hosted page: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
export async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}
