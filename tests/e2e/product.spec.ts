import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectHydrated, test } from "./fixtures";

/** The picture the main image area shows (the colour's other views sit hidden in it). */
const mainImage = (page: Page) => page.getByRole("button", { name: "Zoom image" }).locator("img").filter({ visible: true });

async function openReviews(page: Page) {
  const tab = page.getByRole("tab", { name: "Reviews" });
  await expectHydrated(tab);
  await tab.click();
  const stories = page.getByRole("region", { name: "Customer Stories" });
  await expect(stories.getByRole("heading", { name: "Customer Stories" })).toBeVisible();
  return stories;
}

test("/product renders the R36S with its canonical URL, real rating, computed discount and stock", async ({ page }) => {
  await page.goto("/product");
  await expect(page.getByRole("heading", { level: 1, name: "R36S Retro Handheld" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/r36s$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/.+-960\.webp$/);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
  await expect(breadcrumb).toContainText("R36S Retro Handheld");
  await expect(page.getByText("Limited Edition")).toBeVisible();
  await expect(page.getByText("(8 reviews)").first()).toBeVisible();
  await expect(page.getByText("50% OFF")).toBeVisible();
  await expect(page.getByText("$99.00")).toBeVisible();
  await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
  // The browser says en-US: the US market's threshold and Standard delivery (dispatch 1-3 + 7-12 days).
  await expect(page.getByText("Free United States shipping on orders from $75.00. Standard delivery in 8-15 business days.")).toBeVisible();
  for (const text of ["Secure Checkout", "Safe & protected", "Free Shipping", "On orders from $75.00", "30-Day Returns", "Satisfaction guaranteed"]) {
    await expect(page.getByRole("main").getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("radio", { name: "White" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeEnabled();
  // No external shop is set for the seeded consoles.
  await expect(page.getByRole("link", { name: /Also available at/ })).toHaveCount(0);
  // The R36S page's axe at 1280 px, at rest and zoomed, is product-gallery.spec.ts's.
});

test("the cart form posts the selected colour and quantity with the cart's intents", async ({ page }) => {
  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: "Black" }).check();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  // The buy box's one form ("Goes well with" has Add to Cart forms of its own): each button names its intent.
  const form = page.locator('form[method="post"][action="/cart"]').filter({ has: page.getByRole("button", { name: "Buy Now", exact: true }) });
  await expect(form).toHaveCount(1);
  await expect(form.getByRole("button", { name: "Add to Cart", exact: true })).toHaveAttribute("value", "add");
  await expect(form.getByRole("button", { name: "Buy Now", exact: true })).toHaveAttribute("value", "buy");
  await expect(form.locator('input[name="quantity"]')).toHaveValue("2");
  // The colour radios are the form's variantId (they sit outside it, joined by its id).
  const black = page.getByRole("radio", { name: "Black" });
  await expect(black).toHaveAttribute("name", "variantId");
  await expect(black).toHaveAttribute("form", (await form.getAttribute("id"))!);
  await expect(black).toHaveValue(/^[0-9a-f-]{36}$/);
});

test("switching colour changes the main image and the selected name", async ({ page }) => {
  await page.goto("/product");
  await expect(mainImage(page)).toHaveAttribute("alt", /White/);
  const whiteSrc = await mainImage(page).getAttribute("src");
  await page.getByRole("radio", { name: "Purple" }).check();
  await expect(page.getByRole("group", { name: /Colour/ })).toContainText("Colour: Purple");
  await expect(mainImage(page)).toHaveAttribute("alt", /Purple/);
  expect(await mainImage(page).getAttribute("src")).not.toBe(whiteSrc);
  await page.getByRole("button", { name: "Show Orange" }).click();
  await expect(page.getByRole("radio", { name: "Orange" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Show Orange" })).toHaveAttribute("aria-pressed", "true");
  await expect(mainImage(page)).toHaveAttribute("alt", /Orange/);
});

test("quantity multiplies the price and never goes below 1", async ({ page }) => {
  await page.goto("/product");
  const minus = page.getByRole("button", { name: "Decrease quantity" });
  const plus = page.getByRole("button", { name: "Increase quantity" });
  await expect(minus).toBeDisabled();
  await plus.click();
  await plus.click();
  await expect(page.getByText("3 x $49.99 = $149.97")).toBeVisible();
  await expect(page.getByTestId("price-total")).toHaveText("$149.97");
  await minus.click();
  await expect(page.getByText("2 x $49.99 = $99.98")).toBeVisible();
  await minus.click();
  await expect(page.getByText("1 x $49.99 = $49.99")).toBeVisible();
  await expect(minus).toBeDisabled();
});

test("clicking the main image toggles a 2x zoom, by mouse and by keyboard", async ({ page }) => {
  await page.goto("/product");
  const zoom = page.getByRole("button", { name: "Zoom image" });
  await expect(zoom).toHaveAttribute("aria-pressed", "false");
  await zoom.click({ position: { x: 40, y: 40 } });
  await expect(zoom).toHaveAttribute("aria-pressed", "true");
  const layer = page.getByTestId("zoom-layer");
  await expect(layer).toHaveCSS("transform", /matrix\(2, 0, 0, 2/);
  // The zoomed area follows the pointer: the transform origin sits under it.
  await zoom.hover({ position: { x: 100, y: 300 } });
  await expect
    .poll(async () => (await layer.evaluate((el) => getComputedStyle(el).transformOrigin)).split(" ").map((v) => Math.round(parseFloat(v))))
    .toEqual([100, 300]);
  await zoom.click();
  await expect(zoom).toHaveAttribute("aria-pressed", "false");
  await zoom.focus();
  await page.keyboard.press("Enter");
  await expect(zoom).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press(" ");
  await expect(zoom).toHaveAttribute("aria-pressed", "false");
});

test("reviews show 4, then all 8, then 4 again", async ({ page }) => {
  await page.goto("/product");
  const stories = await openReviews(page);
  await expect(stories.getByRole("article")).toHaveCount(4);
  await stories.getByRole("button", { name: /Show all/ }).click();
  await expect(stories.getByRole("article")).toHaveCount(8);
  await expectAccessible(page);
  await stories.getByRole("button", { name: "Show less" }).click();
  await expect(stories.getByRole("article")).toHaveCount(4);
});

test("a long review is cut at 150 characters and expands with Read more", async ({ page }) => {
  await page.goto("/product");
  const stories = await openReviews(page);
  const title = await stories.getByRole("article").filter({ has: page.getByRole("button", { name: "Read more" }) }).first().getByRole("heading").textContent();
  const review = stories.getByRole("article").filter({ has: page.getByRole("heading", { name: title ?? "" }) });
  const body = review.locator("p[id]");
  const cut = (await body.textContent()) ?? "";
  expect(cut.endsWith("...")).toBe(true);
  expect(cut.length).toBeLessThanOrEqual(153);
  await review.getByRole("button", { name: "Read more" }).click();
  await expect(review.getByRole("button", { name: "Read less" })).toHaveAttribute("aria-expanded", "true");
  const full = (await body.textContent()) ?? "";
  expect(full.length).toBeGreaterThan(150);
  expect(full.startsWith(cut.slice(0, -3))).toBe(true);
  await review.getByRole("button", { name: "Read less" }).click();
  await expect(body).toHaveText(cut);
});

test("a review's photos cycle with wrap-around", async ({ page }) => {
  await page.goto("/product");
  const stories = await openReviews(page);
  await stories.getByRole("button", { name: /Show all/ }).click();
  const title = await stories.getByRole("article").filter({ hasText: "Image 1 of 3" }).getByRole("heading").textContent();
  const review = stories.getByRole("article").filter({ has: page.getByRole("heading", { name: title ?? "" }) });
  const photo = review.locator("figure img");
  const first = await photo.getAttribute("src");
  await review.getByRole("button", { name: "Next image" }).click();
  await expect(review).toContainText("Image 2 of 3");
  expect(await photo.getAttribute("src")).not.toBe(first);
  await review.getByRole("button", { name: "Next image" }).click();
  await expect(review).toContainText("Image 3 of 3");
  await review.getByRole("button", { name: "Next image" }).click();
  await expect(review).toContainText("Image 1 of 3");
  expect(await photo.getAttribute("src")).toBe(first);
  await review.getByRole("button", { name: "Previous image" }).click();
  await expect(review).toContainText("Image 3 of 3");
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
});

test("'You may also like' shows the other consoles with computed savings and links to the catalogue", async ({ page }) => {
  await page.goto("/product");
  const related = page.getByRole("region", { name: "You may also like" });
  await expect(related.getByRole("listitem")).toHaveCount(2);
  await expect(related.getByText("Save 20%")).toBeVisible();
  await expect(related.getByText("Save 33%")).toBeVisible();
  await expect(related.getByRole("link", { name: "R36PRO Handheld Console" })).toHaveAttribute("href", "/products/r36pro");
  await expect(related.getByRole("link", { name: "35XXPro Handheld Console" })).toHaveAttribute("href", "/products/rg35xx-pro");
  await related.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible();
});

test("without JavaScript 'You may also like' shows too", async ({ browser, baseURL }) => {
  // React moves a large finished boundary to the end of the document, hidden until a script swaps it in.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/products/r36s");
  const related = page.getByRole("region", { name: "You may also like" });
  await expect(related.getByRole("listitem")).toHaveCount(2);
  await expect(related.getByRole("link", { name: "R36PRO Handheld Console" })).toBeVisible();
  await context.close();
});

test("Product JSON-LD carries the real price, stock and rating", async ({ page }) => {
  await page.goto("/product");
  const raw = await page.locator('script[type="application/ld+json"]').textContent();
  const ld = JSON.parse(raw ?? "null");
  expect(ld["@type"]).toBe("Product");
  expect(ld.name).toBe("R36S Retro Handheld");
  expect(ld.offers).toMatchObject({ price: "49.99", priceCurrency: "USD", availability: "https://schema.org/InStock" });
  expect(ld.offers.url).toMatch(/\/products\/r36s$/);
  expect(ld.aggregateRating.reviewCount).toBe(8);
  expect(ld.aggregateRating.ratingValue).toBeGreaterThan(0);
  expect(ld.review.length).toBeGreaterThan(0);
  expect(ld.image[0]).toMatch(/^http/);
});

test("a product with only an Overview shows no tab list, its reviews below and the comparison table", async ({ page }) => {
  await page.goto("/products/r36pro");
  await expect(page.getByRole("heading", { level: 1, name: "R36PRO Handheld Console" })).toBeVisible();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("33% OFF")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Customer Stories" })).toBeVisible();
  const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "R36MAX" }) });
  await expect(table.getByRole("rowheader", { name: "Battery" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/r36pro$/);
  await expectAccessible(page);
});

test("the page is accessible at 375 px with all reviews shown", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/product");
  const stories = await openReviews(page);
  await stories.getByRole("button", { name: /Show all/ }).click();
  await stories.getByRole("button", { name: "Read more" }).first().click();
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("unknown products", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("an unknown slug answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/products/no-such-console");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    // Its axe at 1280 px is shopper-round2.spec.ts's ("5. Not found").
  });
});
