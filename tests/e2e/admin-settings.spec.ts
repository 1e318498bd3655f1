import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";

/**
 * The back office's Settings (issue 12): what staff change there is what shoppers see on the next
 * page. Each test puts the seeded value back, since later specs read the same shop.
 */

// A refused form answers 400, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

async function setUkStandardPrice(page: Page, price: string) {
  await page.goto("/admin/settings/shipping");
  const zone = page.locator("#zone-uk");
  await zone.getByRole("group", { name: "Standard" }).getByLabel("Price").fill(price);
  await zone.getByRole("button", { name: "Save United Kingdom shipping" }).click();
  await expect(page.getByText("Settings saved. The shop shows them on its next page.")).toBeVisible();
}

test("an admin changes the UK Standard price and the Shipping Policy shows it; a bad window is refused next to its field", async ({ page }) => {
  await signInAsAdmin(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Support email")).toHaveValue("support@pocketretro.example");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Shipping" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/shipping$/);
  await expectAccessible(page);

  // Transit 5 to 2 days: refused with the message under "Transit to", nothing saved.
  const express = page.locator("#zone-uk").getByRole("group", { name: "Express" });
  await express.getByLabel("Transit from (business days)").fill("5");
  await page.locator("#zone-uk").getByRole("button", { name: "Save United Kingdom shipping" }).click();
  await expect(page.locator("#zone-uk").getByRole("group", { name: "Express" }).getByLabel("Transit to (business days)")).toHaveAccessibleDescription(
    "The longest delivery time cannot be shorter than the shortest",
  );
  await page.goto("/shipping-policy");
  await expect(page.getByText("£3.99, free on orders of £40.00 or more")).toBeVisible();

  await setUkStandardPrice(page, "4.49");
  try {
    await page.goto("/shipping-policy");
    await expect(page.getByText("£4.49, free on orders of £40.00 or more")).toBeVisible();
    await expect(page.getByText("£3.99")).toHaveCount(0);
  } finally {
    await setUkStandardPrice(page, "3.99");
  }
  await page.goto("/shipping-policy");
  await expect(page.getByText("£3.99, free on orders of £40.00 or more")).toBeVisible();
});

test("a product's own price in pounds is what a UK shopper sees", async ({ page, browser }) => {
  const ukShopper = async () => {
    const context = await browser.newContext({ locale: "en-GB" });
    const shopper = await context.newPage();
    await shopper.goto("/products/r36pro");
    const price = await shopper.getByTestId("price-total").textContent();
    await context.close();
    return price;
  };
  expect(await ukShopper()).toBe("£47.99");

  await signInAsAdmin(page, "/admin/products");
  const publishWithUkPrice = async (price: string) => {
    await page.goto("/admin/products");
    await page.getByRole("link", { name: /^Edit R36PRO/ }).click();
    const field = page.getByLabel("Price in United Kingdom (GBP)", { exact: true });
    await expect(field).toBeVisible();
    await field.fill(price);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  };

  await page.goto("/admin/products");
  await page.getByRole("link", { name: /^Edit R36PRO/ }).click();
  // Empty: the converted price, shown as the hint.
  await expect(page.getByLabel("Price in United Kingdom (GBP)", { exact: true })).toHaveAccessibleDescription("Empty: £47.99, converted from the saved US price.");

  await publishWithUkPrice("44.50");
  try {
    expect(await ukShopper()).toBe("£44.50");
  } finally {
    await publishWithUkPrice("");
  }
  expect(await ukShopper()).toBe("£47.99");
});
