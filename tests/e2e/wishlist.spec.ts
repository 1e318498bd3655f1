import type { Browser, Page } from "@playwright/test";
import { createConfirmedCustomer, signIn, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";

/**
 * The wishlist (issue 15): the heart on the product page, the /wishlist page, merge on sign-in. The
 * walk runs at 1280 px and checks /wishlist's phone layout (375 px) on the way.
 */

const heart = (page: Page) => page.getByRole("button", { name: /to wishlist$/ });

/** What a visitor with no cookies at all is served for a page (the page cache's anonymous copy). */
async function anonymousHeartState(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  const page = await context.newPage();
  // Read once their own answer has come: the heart it gives is theirs, the page's is everyone's.
  const personal = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/personal"));
  await page.goto(path);
  await personal;
  const pressed = await heart(page).getAttribute("aria-pressed");
  await context.close();
  return pressed;
}

test.describe("a guest in the United Kingdom", () => {
  test.use({ locale: "en-GB" });

  test("saves a colour with the heart, sees it on /wishlist in pounds with its stock, adds it to the cart and removes it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/products/r36s");
    await page.getByRole("radio", { name: "Purple" }).check();
    await expect(heart(page)).toHaveAttribute("aria-pressed", "false");
    await expect(heart(page)).toHaveAccessibleName("Save R36S Retro Handheld to wishlist");
    await heart(page).click();
    await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Saved to your wishlist", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("product-saved-1280.png") });

    // The page is everyone's (the cached copy, ADR 018); the saved state is this visitor's own and
    // comes with their personal answer, while a visitor without cookies still gets an unpressed heart.
    const reload = await page.reload();
    expect(reload?.headers()["cache-control"]).toMatch(/^public, /);
    await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
    expect(await anonymousHeartState(browser, baseURL!, "/products/r36s")).toBe("false");

    await page.getByRole("link", { name: "Wishlist" }).click();
    await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeVisible();
    const item = page.getByTestId("wishlist-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("R36S Retro Handheld");
    await expect(item).toContainText("Colour: Purple");
    await expect(item.getByTestId("wishlist-price")).toHaveText("£39.99");
    await expect(item.getByTestId("wishlist-stock")).toHaveText(/^(In Stock|Only \d+ left|Sold out)$/);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("wishlist-1280.png"), fullPage: true });
    await expectFitsPhone(page, "wishlist");

    await item.getByRole("button", { name: "Add to Cart: R36S Retro Handheld (Purple)" }).click();
    // The cart drawer opens with the line; Escape closes it and the wishlist is there again.
    const drawer = page.getByRole("dialog", { name: "Added to Cart" });
    await expect(drawer).toContainText("R36S Retro Handheld");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // The line goes at once (optimistic); the reload waits for the server's answer.
    const removed = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/wishlist"));
    await item.getByRole("button", { name: "Remove R36S Retro Handheld (Purple) from wishlist" }).click();
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
    expect((await removed).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a form: saving lands on the wishlist with the product, removing there empties it", async ({ page }) => {
    await page.goto("/products/rg35xx-pro");
    await heart(page).click();
    // The product page is everyone's: the visitor's own list is the page that shows what they saved.
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByTestId("wishlist-item")).toContainText("35XXPro");
    await page.getByRole("button", { name: /^Remove .* from wishlist$/ }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  });
});

test("a guest's wishlist joins the account's on sign-in", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("wishlist");
  await createConfirmedCustomer(request, baseURL!, email);
  await page.goto("/products/r36pro");
  await page.getByRole("radio", { name: "Orange" }).check();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
  // The answer (and the guest's wishlist cookie) has arrived: leaving earlier would drop it.
  await expect(page.getByText("Saved to your wishlist", { exact: true })).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByText("Saved on this device.")).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/wishlist");
  await expect(page.getByText("Saved on this device.")).toHaveCount(0);
  await expect(page.getByTestId("wishlist-item")).toContainText("Colour: Orange");
  // The guest cookie is gone: the list now lives in the account.
  expect((await page.context().cookies()).some((c) => c.name === "wishlist")).toBe(false);
  await page.goto("/products/r36pro");
  await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
});
