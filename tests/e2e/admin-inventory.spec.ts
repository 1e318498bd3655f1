import { ADMIN, expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { publishProduct, signInAsAdmin } from "./shop-steps";

/** Issue 14, inventory: every colour with on hand / reserved / available, adjusted with a reason, kept in the ledger. */
// The walk runs at 1280 px; each page it screenshots is also checked at 375 px (expectFitsPhone).
const viewport = { width: 1280, height: 900 };
test.describe(`inventory at ${viewport.width} px`, () => {
  // A refused adjustment (409) and a preview with row errors (400) are answers the page shows.
  test.use({ viewport, allowedConsoleErrors: [/status of 40[09]/] });

  test("staff find a colour, receive units with a note, are refused taking off more than on hand, and recount it back", async ({ page }) => {
    // Three saves with an axe check between them: more than the default minute on a loaded machine.
    test.setTimeout(240_000);
    await signInAsAdmin(page, "/admin/dashboard");
    await expect(page.getByRole("heading", { level: 2, name: "Low stock" })).toBeVisible();
    // On the phone the admin's navigation is behind the menu button.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Inventory" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await page.setViewportSize(viewport);
    await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`inventory-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "inventory");

    // Teal is a colour of the 35XXPro and of the carrying case: the search finds both.
    await page.getByRole("searchbox", { name: "Search" }).fill("teal");
    await expect(page).toHaveURL(/q=teal/);
    await expect(page.getByTestId("inventory-row")).toHaveCount(2);
    const row = page.getByTestId("inventory-row").filter({ hasText: "35XXPro" });
    await expect(row).toHaveCount(1);
    const onHand = Number(await row.getByRole("definition").first().textContent());
    expect(onHand).toBeGreaterThan(0);

    await row.locator("summary").click();
    await row.getByLabel("Reason").selectOption("received");
    await row.getByLabel("Quantity").fill("3");
    await row.getByLabel("Note (optional)").fill(`Delivery at ${viewport.width}`);
    await row.getByRole("button", { name: "Save adjustment" }).click();
    await expect(page.getByRole("status")).toHaveText(`Received: on hand ${onHand} → ${onHand + 3}.`);
    await expect(row.getByRole("definition").first()).toHaveText(String(onHand + 3));
    const movement = page.getByTestId("movement").first();
    await expect(movement).toContainText("Received");
    await expect(movement).toContainText(`+3 → ${onHand + 3}`);
    await expect(movement).toContainText(`${ADMIN.email} · Delivery at ${viewport.width}`);

    await row.locator("summary").click();
    await row.getByLabel("Reason").selectOption("damaged");
    await row.getByLabel("Quantity").fill("999999");
    await row.getByRole("button", { name: "Save adjustment" }).click();
    const refusal = `Only ${onHand + 3} on hand: 999999 cannot be taken off.`;
    await expect(page.getByRole("alert")).toHaveText(refusal);
    await expect(row.getByLabel("Quantity")).toHaveAccessibleDescription(refusal);
    await expect(row.getByRole("definition").first()).toHaveText(String(onHand + 3));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`inventory-refused-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "inventory-refused");

    // Recount puts it back where it was, so the other specs see the seed's stock.
    await row.getByLabel("Reason").selectOption("recount");
    await row.getByLabel("Quantity").fill(String(onHand));
    await row.getByRole("button", { name: "Save adjustment" }).click();
    await expect(page.getByRole("status")).toHaveText(`Recount: on hand ${onHand + 3} → ${onHand}.`);
    await expect(page.getByTestId("movement").first()).toContainText(`−3 → ${onHand}`);
  });

  test("a SKU set in the product editor; a stock CSV previewed with its errors, nothing written, then applied", async ({ page }) => {
    const sku = `E2E-TEAL-${viewport.width}`;
    await signInAsAdmin(page, "/admin/products");
    await page.getByRole("link", { name: /^Edit 35XX/ }).click();
    const teal = page.getByRole("group", { name: "Colour 3" });
    await expect(teal.getByLabel("Name")).toHaveValue("Teal");
    await teal.getByLabel("SKU").fill(sku.toLowerCase());
    await publishProduct(page);

    await page.goto("/admin/inventory?q=teal");
    const row = page.getByTestId("inventory-row").filter({ hasText: "35XXPro" });
    await expect(row).toContainText(sku);
    const onHand = Number(await row.getByRole("definition").first().textContent());
    await page.getByRole("link", { name: "Import stock" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Import stock levels" })).toBeVisible();
    const upload = async (text: string) => {
      await page.getByLabel("CSV file").setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
      await page.getByRole("button", { name: "Preview" }).click();
    };

    await upload(`sku,on_hand\r\n${sku},${onHand + 2}\r\nNOT-A-SKU,4\r\n${sku},abc\r\n`);
    await expect(page.getByRole("alert")).toHaveText("2 rows have errors. Nothing has been written: fix the file and preview it again.");
    const rows = page.getByTestId("import-row");
    await expect(rows.nth(0)).toContainText(`On hand ${onHand} → ${onHand + 2}`);
    await expect(rows.nth(1)).toContainText("Unknown SKU: no colour has it.");
    await expect(rows.nth(2)).toContainText("Duplicate row: this colour is on line 2 too.");
    await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`import-errors-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "import-errors");

    await upload(`sku,on_hand\n${sku},${onHand + 2}\n`);
    await page.getByRole("button", { name: "Apply 1 change" }).click();
    await expect(page.getByRole("status")).toHaveText("Stock updated: 1 of 1 colour changed.");
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`import-applied-${viewport.width}.png`), fullPage: true });
    await expectFitsPhone(page, "import-applied");
    await page.goto("/admin/inventory?q=teal");
    await expect(row.getByRole("definition").first()).toHaveText(String(onHand + 2));
    await expect(page.getByTestId("movement").first()).toContainText(`CSV import`);

    // Back to the seed's figure for the other specs.
    await page.goto("/admin/inventory/import");
    await upload(`sku,on_hand\n${sku},${onHand}\n`);
    await page.getByRole("button", { name: "Apply 1 change" }).click();
    await expect(page.getByRole("status")).toHaveText("Stock updated: 1 of 1 colour changed.");
  });
});
