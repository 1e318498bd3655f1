import sharp from "sharp";
import { expect, expectAccessible, test } from "./fixtures";
import { publishProduct as publish, signInAsAdmin } from "./shop-steps";

async function png(name: string, background: string) {
  const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}


test.describe("admin products", () => {
  // The deleted product's page answers 404, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("the admin creates a product with two colours and an image, publishes it, reprices it and deletes it", async ({ page }) => {
    const title = `Pocket Test ${Date.now()}`;
    const slug = title.toLowerCase().replace(/ /g, "-");
    await signInAsAdmin(page, "/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole("heading", { level: 2, name: "Add Product" })).toBeVisible();

    await page.getByLabel("Product Title").fill(title);
    await expect(page.getByText(`Shown at /products/${slug}`)).toBeVisible();
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("A pocket console made for the end-to-end test.");
    await page.getByLabel("Price", { exact: true }).fill("29.99");

    await page.getByLabel(/Upload images/).setInputFiles([await png("front.png", "#3366ff"), await png("back.png", "#ff6633")]);
    const gallery = page.getByRole("list", { name: "Product images" });
    await expect(gallery.getByRole("listitem")).toHaveCount(2);

    for (const [n, name, hex, stock] of [
      [1, "Midnight", "#123456", "5"],
      [2, "Sunset", "#ff6633", "3"],
    ] as const) {
      await page.getByRole("button", { name: "Add colour" }).click();
      const colour = page.getByRole("group", { name: `Colour ${n}` });
      await colour.getByLabel("Name").fill(name);
      await colour.getByLabel("Colour", { exact: true }).fill(hex);
      await colour.getByLabel("Stock").fill(stock);
      // Images go to the colours in order: the first image with the first colour.
      await expect(colour.getByLabel("Image")).toHaveValue(/.+/);
      await expect(colour.getByRole("combobox", { name: "Image" }).locator("option:checked")).toHaveText(`Image ${n}`);
    }
    // Reordering by keyboard-reachable buttons, then back.
    await page.getByRole("button", { name: "Move Colour 2 up" }).click();
    await expect(page.getByRole("group", { name: "Colour 1" }).getByLabel("Name")).toHaveValue("Sunset");
    await expect(page.getByRole("button", { name: "Move Colour 1 down" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Colour 1" }).getByLabel("Name")).toHaveValue("Midnight");
    await expectAccessible(page);

    await publish(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("$29.99");
    await expect(row).toContainText("Published");
    await expect(row.locator("img")).toHaveAttribute("src", /\/media\/.+\.webp$/);

    await page.goto("/products");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("main").getByText("$29.99").first()).toBeVisible();
    await expect(page.getByRole("radio", { name: "Midnight" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Sunset" })).toBeVisible();

    await page.goto("/admin/products");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Edit Product" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Colour 2" }).getByLabel("Name")).toHaveValue("Sunset");
    await page.getByLabel("Price", { exact: true }).fill("24.50");
    await publish(page);
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("$24.50");
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole("main").getByText("$24.50").first()).toBeVisible();
    await expect(page.getByRole("main").getByText("$29.99")).toHaveCount(0);

    await page.goto("/admin/products");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Product" });
    await expect(dialog).toContainText("Are you sure you want to delete this product? This action cannot be undone.");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Product deleted successfully", { exact: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
    const gone = await page.goto(`/products/${slug}`);
    expect(gone?.status()).toBe(404);
  });

  test("invalid input gets the spec's messages next to the fields, focus on the first, and nothing is saved", async ({ page }) => {
    await signInAsAdmin(page, "/admin/products/new");
    await page.getByLabel("Price", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Validation Error", { exact: true })).toBeVisible();
    const titleField = page.getByLabel("Product Title");
    await expect(titleField).toBeFocused();
    await expect(titleField).toHaveAccessibleDescription("Product title is required");
    await expect(page.getByText("Product description is required")).toBeVisible();
    await expect(page.getByLabel("Price", { exact: true })).toHaveAccessibleDescription("Product price must be greater than 0");

    // Publishing also needs a colour; the message sits under the colour list.
    await titleField.fill("Never Saved");
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Text.");
    await page.getByLabel("Price", { exact: true }).fill("10");
    await page.getByLabel("External Product URL").fill("http://not-secure.example");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alertdialog", { name: "Publish Product" }).getByRole("button", { name: "Publish" }).click();
    await expect(page.getByLabel("External Product URL")).toBeFocused();
    await expect(page.getByLabel("External Product URL")).toHaveAccessibleDescription(/valid URL starting with https:\/\//);
    await expect(page.getByText("Add at least one colour to publish the product")).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
  });

  test("the editor fits a 375 px wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAsAdmin(page, "/admin/products/new");
    await page.getByRole("button", { name: "Add colour" }).click();
    await page.getByRole("button", { name: "Add row" }).click();
    await expect(page.getByRole("group", { name: "Colour 1" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});
