import type { Page } from "@playwright/test";
import { createConfirmedCustomer, signIn, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { fillShipping, payWithCard } from "./shop-steps";

/** Issue 15, Addresses: the address book, checkout's Ship to, an account with the order, order lookup. */

async function addAddressInBook(page: Page, a: { name: string; line1: string; city: string; state?: string; postalCode: string; country: string }, asDefault = false) {
  await page.goto("/account/addresses");
  await page.getByRole("link", { name: "Add a new address" }).click();
  await expect(page.getByRole("heading", { name: "Add a new address" })).toBeVisible();
  await page.getByLabel("Country").selectOption(a.country);
  await page.getByLabel("Full name").fill(a.name);
  await page.getByLabel("Address line 1").fill(a.line1);
  await page.getByLabel("Town or city").fill(a.city);
  // A US address names its state (sales tax is per state).
  if (a.state) await page.getByLabel("State", { exact: true }).selectOption(a.state);
  await page.getByLabel("Postal code").fill(a.postalCode);
  if (asDefault) await page.getByLabel("Set as default address").check();
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/account\/addresses\?saved=1$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your address has been saved.");
}

/** One R36S in the cart, then checkout (JavaScript or not: the add lands on /cart without it). */
async function toCheckoutWithOneConsole(page: Page, colour = "Purple", { js = true } = {}) {
  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: colour }).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  if (js) await expect(page.getByText("Added to Cart", { exact: true })).toBeVisible();
  else await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
}

async function pay(page: Page) {
  await page.getByRole("button", { name: /^Continue to Payment/ }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);
  await expect(page.getByTestId("order-status")).toHaveText("Processing");
  return (await page.getByTestId("order-number").textContent())!;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const cards = (page: Page) => page.getByTestId("address-card");

test("address book: add, set default, edit, delete; checkout ships to a saved address or saves a new one (1280 and 375 px)", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("book");
  await createConfirmedCustomer(request, baseURL!, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Addresses" }).click();
  await expect(page.getByRole("heading", { name: "Addresses" })).toBeVisible();
  await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
  await expectAccessible(page);

  await addAddressInBook(page, { name: "Ada Lovelace", line1: "12 Analytical Row", city: "London", postalCode: "NW1 6XE", country: "GB" });
  await addAddressInBook(page, { name: "Ada Lovelace", line1: "5 Beach Road", city: "Springfield", state: "IL", postalCode: "62701", country: "US" }, true);
  await expect(cards(page)).toHaveCount(2);
  // The default first, marked.
  await expect(cards(page).first()).toContainText("5 Beach Road");
  await expect(cards(page).first()).toContainText("Default");
  await expect(cards(page).nth(1)).not.toContainText("Default");
  await expectAccessible(page);
  await shot(page, "addresses-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await shot(page, "addresses-375");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Set as default: Ada Lovelace, 12 Analytical Row" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your default address has been changed.");
  await expect(cards(page).first()).toContainText("12 Analytical Row");

  await page.getByRole("link", { name: "Edit address: Ada Lovelace, 5 Beach Road" }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await page.getByLabel("Town or city").fill("");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Please enter your town or city.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Town or city").fill("Shelbyville");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(cards(page).nth(1)).toContainText("Shelbyville");

  // Checkout: Ship to lists both, the default preselected; the new-address fields stay hidden until asked for.
  await toCheckoutWithOneConsole(page);
  const shipTo = page.getByRole("group", { name: "Ship to" });
  await expect(shipTo.getByRole("radio")).toHaveCount(3);
  await expect(shipTo.getByRole("radio", { name: /12 Analytical Row/ })).toBeChecked();
  await expect(page.getByLabel("Full name")).toBeHidden();
  await expect(page.getByTestId("checkout-total")).toContainText("£");
  await expectAccessible(page);
  await shot(page, "checkout-ship-to-1280");
  // The other saved address: priced for its country.
  await shipTo.getByRole("radio", { name: /5 Beach Road/ }).check();
  await expect(page.getByTestId("checkout-total")).toContainText("$");
  await shipTo.getByRole("radio", { name: "A new address" }).check();
  await expect(page.getByLabel("Full name")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await shot(page, "checkout-new-address-375");
  await page.setViewportSize({ width: 1280, height: 800 });
  await fillShipping(page, { name: "Ada Lovelace", line1: "1 Engine Street", postalCode: "M1 1AA", country: "GB" });
  await page.getByLabel("Save this address to my account").check();
  await pay(page);

  // Saved once the payment was confirmed.
  await page.goto("/account/addresses");
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole("main")).toContainText("1 Engine Street");

  await page.getByRole("button", { name: "Delete address: Ada Lovelace, 12 Analytical Row" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("The address has been deleted.");
  await expect(cards(page)).toHaveCount(2);
  // The default went with it: the newest remaining address took over.
  await expect(cards(page).first()).toContainText("1 Engine Street");
  await expect(cards(page).first()).toContainText("Default");
});

// "Not found" is the lookup's answer status, which the browser reports in the console.
const LOOKUP_404 = [/status of 404/];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: LOOKUP_404 });

  test("checkout ships to the saved address picked with a plain radio", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("nojs-book");
    await createConfirmedCustomer(request, baseURL!, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    await addAddressInBook(page, { name: "Grace Hopper", line1: "1 Compiler Way", city: "London", postalCode: "SE1 7PB", country: "GB" });
    await addAddressInBook(page, { name: "Grace Hopper", line1: "9 Harbour Lane", city: "Bristol", postalCode: "BS1 4DJ", country: "GB" });

    await toCheckoutWithOneConsole(page, "Black", { js: false });
    const shipTo = page.getByRole("group", { name: "Ship to" });
    await expect(shipTo.getByRole("radio", { name: /1 Compiler Way/ })).toBeChecked();
    // CSS alone hides the new-address fields while a saved address is chosen.
    await expect(page.getByLabel("Full name")).toBeHidden();
    await shipTo.getByRole("radio", { name: /9 Harbour Lane/ }).check();
    await page.getByRole("button", { name: /^Continue to Payment/ }).click();
    await page.waitForURL(/\/pay\/test\//);
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/checkout-success\?session_id=/);
    const number = (await page.getByTestId("order-number").textContent())!;
    await page.goto("/account");
    await page.getByRole("link", { name: number }).click();
    await expect(page.getByRole("main")).toContainText("9 Harbour Lane");
    await expect(page.getByRole("main")).toContainText("Bristol BS1 4DJ");
  });

  test("order lookup works with plain forms", async ({ page }) => {
    await page.goto("/orders/lookup");
    await page.getByLabel("Order number").fill("PR-000000-ZZZZZ");
    await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
    await page.getByRole("button", { name: "Find my order" }).click();
    await expect(page.getByRole("alert")).toHaveText("We couldn't find an order with that number and email.");
    await expect(page.getByLabel("Order number")).toHaveValue("PR-000000-ZZZZZ");
  });
});

test("a guest creates an account with the order: the set-password email comes after payment, then the order is in the account", async ({ page }) => {
  const email = uniqueEmail("guest-account");
  await toCheckoutWithOneConsole(page, "White");
  await expect(page.getByRole("group", { name: "Ship to" })).toHaveCount(0);
  await fillShipping(page, { email, name: "Alan Turing", line1: "2 Bletchley Park", postalCode: "MK3 6EB", country: "GB" });
  await page.getByLabel("Create an account with this order").check();
  await expectAccessible(page);
  const number = await pay(page);
  await expect(page.getByTestId("account-note")).toContainText("a link to choose your password is on its way");

  const mail = await waitForMail(email, "Set up your account");
  expect(mail.text).toContain(number);
  await page.goto(linkIn(mail, `${new URL(page.url()).origin}/auth/reset`));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Password", { exact: true }).fill("turing-machine-1936");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password is set and your account is ready. Please sign in.");
  await signIn(page, email, "turing-machine-1936");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page.getByRole("main")).toContainText(number);
  await page.goto("/account/addresses");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("2 Bletchley Park");
});

test.describe("order lookup", () => {
  test.use({ allowedConsoleErrors: LOOKUP_404 });

  test("a neutral answer for a wrong email, the order for the right one (1280 and 375 px), then another lookup", async ({ page }) => {
    const email = uniqueEmail("lookup");
    await toCheckoutWithOneConsole(page, "Purple");
    await fillShipping(page, { email, name: "Katherine Johnson", line1: "7 Orbit Street", postalCode: "SW1A 1AA", country: "GB" });
    const number = await pay(page);

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Look up an order" }).click();
    await expect(page.getByRole("heading", { name: "Look up an order" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Order number").fill(number);
    await page.getByLabel("Email", { exact: true }).fill("someone.else@example.com");
    await page.getByRole("button", { name: "Find my order" }).click();
    await expect(page.getByRole("alert")).toHaveText("We couldn't find an order with that number and email.");
    await expectAccessible(page);
    await shot(page, "lookup-not-found-1280");

    await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Find my order" }).click();
    await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: `Items in order ${number}` })).toContainText("Purple");
    await expect(page.getByRole("main")).toContainText("7 Orbit Street");
    await expect(page.getByText("You can ask for a return once your order has been dispatched.")).toBeVisible();
    await expectAccessible(page);
    await shot(page, "lookup-order-1280");
    // A reload shows it again (the lookup is remembered, nothing is posted twice).
    await page.reload();
    await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    await shot(page, "lookup-order-375");

    await page.getByRole("button", { name: "Look up another order" }).click();
    await expect(page.getByRole("heading", { name: "Look up an order" })).toBeVisible();
    await expect(page.getByLabel("Order number")).toHaveValue("");
    await expectAccessible(page);
    await shot(page, "lookup-form-375");
  });
});
