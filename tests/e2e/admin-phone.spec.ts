import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { buyR36s, shopperPage, signInAsAdmin } from "./shop-steps";

/**
 * The back office from a phone (issue 30), at 390 px: the orders list as cards with its filters in a
 * sheet, an order fulfilled and a line refunded from its page (the next action first, cancelling
 * last), three orders fulfilled at once, two products published at once. Nothing scrolls sideways;
 * axe runs on every new state once.
 */
const PHONE = { width: 390, height: 844 };
const SCREENS = process.env.SCREENS_DIR;

async function fitsPhone(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: nothing scrolls sideways at 390 px`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await page.screenshot({ path: SCREENS ? `${SCREENS}/${name}-390.png` : test.info().outputPath(`${name}-390.png`), fullPage: true });
}

test.use({ viewport: PHONE });

test("from a phone: fulfil an order and refund a line, then bulk-fulfil three more", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const email = `phone-${Date.now()}@example.com`;
  const shopperTab = await shopperPage(browser);
  const first = await buyR36s(shopperTab, ["Purple", "White"], { name: "Pat Phone", email });
  for (const colour of ["Black", "Orange", "White"]) await buyR36s(shopperTab, [colour], { name: "Pat Phone", email });
  await shopperTab.context().close();

  await signInAsAdmin(page, "/admin/orders");
  await page.getByLabel("Search").fill(email);
  await expect(page.getByTestId("order-count")).toContainText("4 orders match");
  await fitsPhone(page, "orders-list");
  // The other filters live in a sheet: each select gets half the phone's width, not 35 px.
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByLabel("Fulfilment")).toBeVisible();
  expect((await page.getByLabel("Fulfilment").boundingBox())!.width).toBeGreaterThan(140);
  await fitsPhone(page, "orders-filter-sheet");
  await page.getByRole("button", { name: "Filters" }).click();

  // The order page: the fulfil form comes before the items; cancelling is the last card.
  await page.getByRole("link", { name: new RegExp(first) }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Order ${first}` })).toBeVisible();
  const y = async (name: string) => (await page.getByRole("heading", { level: 3, name, exact: true }).boundingBox())!.y;
  expect(await y("Fulfilment")).toBeLessThan(await y("Items"));
  expect(await y("Cancel")).toBeGreaterThan(await y("Timeline"));
  await fitsPhone(page, "order-page");

  await page.getByLabel("Carrier").selectOption({ label: "USPS" });
  await page.getByRole("button", { name: "Fulfil order" }).click();
  await page.getByRole("alertdialog", { name: `Fulfil order ${first}?` }).getByRole("button", { name: "Fulfil and email customer" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilled");
  // Shipped: refunding is now the next action, first on the page.
  expect(await y("Payment")).toBeLessThan(await y("Items"));
  await page.getByText("Issue a refund", { exact: true }).click();
  await page.getByLabel(/R36S Retro Handheld \(Purple\), units to refund/).fill("1");
  await page.getByLabel("Reason").fill("Scratched screen");
  await page.getByRole("button", { name: "Refund $49.99" }).click();
  await page.getByRole("alertdialog", { name: "Refund $49.99?" }).getByRole("button", { name: "Refund $49.99" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Partially refunded");
  await fitsPhone(page, "order-page-refunded");

  // Back to the list: tick the page, fulfil with one carrier; the order already shipped is skipped.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await page.getByLabel("Select all on this page").check();
  await expect(page.getByTestId("selected-count")).toHaveText("4 orders selected");
  await page.getByLabel("Carrier").selectOption({ label: "DHL" });
  await page.getByRole("button", { name: "Fulfil 4 orders" }).click();
  const outcome = page.getByTestId("bulk-outcome");
  await expect(outcome).toContainText("Fulfilled 3 orders; each customer was emailed.");
  await expect(outcome).toContainText(`${first}: This order has already been fulfilled.`);
  await expect(page.getByTestId("order-row").filter({ hasText: "Unfulfilled" })).toHaveCount(0);
  await fitsPhone(page, "orders-bulk-fulfilled");
});

test("from a phone: publish two products at once, after one question naming the count", async ({ page }) => {
  await signInAsAdmin(page, "/admin/products");
  await page.goto("/admin/products?collection=accessory");
  const picked = ["128GB microSD Card", "20W USB-C Charger"];
  const tick = async () => {
    for (const title of picked) await page.getByLabel(`Select ${title}`).check();
    await expect(page.getByTestId("selected-count")).toHaveText("2 products selected");
  };
  // Take them out of the shop first (the same bar), then publish them back together.
  await tick();
  await page.getByRole("button", { name: "Unpublish 2 products" }).click();
  await page.getByRole("alertdialog", { name: "Unpublish 2 products?" }).getByRole("button", { name: "Unpublish 2 products" }).click();
  await expect(page.getByTestId("bulk-outcome")).toHaveText("Unpublished 2 products.");
  for (const title of picked) await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Draft");

  await tick();
  await fitsPhone(page, "products-selected");
  await page.getByRole("button", { name: "Publish 2 products", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Publish 2 products?" });
  await expect(dialog).toContainText("The 2 products appear in the shop at once.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Publish 2 products", exact: true }).click();
  await expect(page.getByTestId("bulk-outcome")).toHaveText("Published 2 products.");
  for (const title of picked) await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Published");
  await fitsPhone(page, "products-published");
});
