import { expect, expectAccessible, pauseClockNow, test } from "./fixtures";

/** Issue 15, "Sort and filter" on the product lists (here the Consoles collection: the accessories have their own tests): in the URL, by keyboard, without JavaScript, at 1280 and 375 px. */

const cardTitles = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });

test.describe("Sort and filter", () => {
  test("by keyboard: sort by price, a price range, a colour; the URL keeps the choice", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/collections/consoles");
    await expect(page.getByTestId("product-count")).toHaveText("3 products");
    await expectAccessible(page);

    await page.getByLabel("Sort by").focus();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(cardTitles(page)).toHaveText(["R36S Retro Handheld", "R36PRO Handheld Console", "35XXPro Handheld Console"]);

    await page.getByRole("textbox", { name: "From" }).fill("55");
    await page.getByRole("textbox", { name: "To" }).fill("70");
    await page.getByRole("textbox", { name: "To" }).press("Enter");
    // On a slow machine "From" may apply alone first (600 ms after typing); the field then shows the
    // applied price as "55.00", which the second submission carries: both are the same range.
    await expect(page).toHaveURL(/min=55(\.00)?&max=70/);
    await expect(cardTitles(page)).toHaveText(["R36PRO Handheld Console"]);
    await expect(page.getByTestId("product-count")).toHaveText("1 product");

    await page.getByRole("link", { name: "Clear all", exact: true }).click();
    await expect(page.getByTestId("product-count")).toHaveText("3 products");
    await page.getByRole("checkbox", { name: /^Teal/ }).focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/colour=Teal/);
    await expect(cardTitles(page)).toHaveText(["35XXPro Handheld Console"]);
    await expect(page.getByRole("checkbox", { name: /^Teal/ })).toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/products-filtered-1280.png", fullPage: true });

    // The URL alone reproduces the list (a shared link).
    await page.goto("/collections/consoles?sort=price-desc&colour=Black&min=0&max=1000");
    await expect(cardTitles(page)).toHaveText(["35XXPro Handheld Console", "R36PRO Handheld Console", "R36S Retro Handheld"]);
    await page.goto("/collections/consoles?min=1000");
    await expect(page.getByText("No products match these filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page.getByTestId("product-count")).toHaveText("3 products");

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/collections/consoles?colour=Black&stock=in");
    await expectAccessible(page);
  });

  test("a price still waiting to apply never undoes Clear all", async ({ page }) => {
    // The clock holds the price field's pause: "From" waits to apply while Enter applies the range,
    // and its time comes while Clear all is loading (CI saw the list come back filtered).
    await page.clock.install();
    await page.goto("/collections/consoles");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await pauseClockNow(page);
    await page.getByRole("textbox", { name: "From" }).fill("55");
    await page.getByRole("textbox", { name: "From" }).press("Enter");
    await expect(page).toHaveURL(/min=55/);
    await expect(page.getByTestId("product-count")).toHaveText("2 products");
    await page.getByRole("link", { name: "Clear all", exact: true }).click();
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/\/collections\/consoles$/);
    await expect(page.getByTestId("product-count")).toHaveText("3 products");
  });

  test("without JavaScript at 375 px: Apply submits the form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto("/collections/consoles");
    // On a phone the form is in the "Filter and sort" disclosure, which opens without JavaScript.
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("checkbox", { name: "In stock only" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=price-desc&min=&max=&stock=in/);
    await expect(page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 })).toHaveText([
      "35XXPro Handheld Console",
      "R36PRO Handheld Console",
      "R36S Retro Handheld",
    ]);
    await page.screenshot({ path: "test-results/products-filtered-375.png", fullPage: true });
    await context.close();
  });
});
