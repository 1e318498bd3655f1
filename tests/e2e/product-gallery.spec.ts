import type { Page, Request } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 15, "Product pictures": front, back and side views per colour in a gallery (thumbnails,
 * keyboard, names), the first picture alone loaded up front, a zoom from the 1,600 px rendition,
 * the views without JavaScript, and the home page's lifestyle picture. At 1280 px and 375 px.
 */

const WIDTHS = [1280, 375] as const;

/** The picture the main image area shows now (the other views sit hidden in it). */
const shownImage = (page: Page) => page.getByRole("button", { name: "Zoom image" }).locator("img:not([data-testid=zoom-image])").filter({ visible: true });
const mediaRequests = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith("/media/"));

for (const width of WIDTHS) {
  test(`the R36S gallery: views by thumbnail and arrow keys, one picture loaded up front, zoom from 1,600 px (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const requests: Request[] = [];
    page.on("request", (r) => requests.push(r));
    await page.goto("/products/r36s");

    // One picture is preloaded with high priority, in AVIF: the first colour's front view.
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("type", "image/avif");
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    await expect(shownImage(page)).toHaveAttribute("alt", "R36S Retro Handheld in White, front view");
    await expect(shownImage(page)).toHaveJSProperty("complete", true);
    // Every other picture in the gallery waits until it is shown.
    const gallery = page.getByRole("button", { name: "Zoom image" });
    await expect(gallery.locator("img")).toHaveCount(3);
    await expect(gallery.locator('img[loading="lazy"]')).toHaveCount(2);
    const views = page.getByRole("group", { name: "Views" });
    await expect(views.getByRole("radio")).toHaveCount(3);
    await expect(views.getByRole("radio", { name: "Front view" })).toBeChecked();
    expect(mediaRequests(requests).filter((p) => p.endsWith("-1600.webp"))).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`gallery-front-${width}.png`) });

    // The thumbnails are a radio group: click one, or move through them with the arrow keys.
    await views.getByRole("radio", { name: "Back view" }).check();
    await expect(shownImage(page)).toHaveAttribute("alt", "R36S Retro Handheld in White, back view");
    await expect(shownImage(page)).toHaveJSProperty("complete", true);
    await page.keyboard.press("ArrowRight");
    await expect(views.getByRole("radio", { name: "Side view" })).toBeChecked();
    await expect(views.getByRole("radio", { name: "Side view" })).toBeFocused();
    await expect(shownImage(page)).toHaveAttribute("alt", "R36S Retro Handheld in White, side view");

    // Another colour starts at its front view.
    await page.getByRole("radio", { name: "Orange" }).check();
    await expect(shownImage(page)).toHaveAttribute("alt", "R36S Retro Handheld in Orange, front view");
    await expect(views.getByRole("radio", { name: "Front view" })).toBeChecked();
    await views.getByRole("radio", { name: "Side view" }).check();
    await expect(shownImage(page)).toHaveAttribute("alt", "R36S Retro Handheld in Orange, side view");
    await expect(shownImage(page)).toHaveJSProperty("complete", true);

    // Zoom by keyboard: the 1,600 px rendition is fetched now, laid over the view at 2x; Escape leaves.
    await gallery.focus();
    await page.keyboard.press("Enter");
    await expect(gallery).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("zoom-layer")).toHaveCSS("transform", /matrix\(2, 0, 0, 2/);
    const zoom = page.getByTestId("zoom-image").filter({ visible: true });
    await expect(zoom).toHaveAttribute("src", /-1600\.webp$/);
    await expect(zoom).toHaveJSProperty("naturalWidth", 1600);
    expect(mediaRequests(requests).filter((p) => p.endsWith("-1600.webp"))).toHaveLength(1);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByTestId("zoom-layer").evaluate((el) => (el as HTMLElement).style.transformOrigin)).toBe("50% 60%");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`gallery-zoom-${width}.png`) });
    await page.keyboard.press("Escape");
    await expect(gallery).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("zoom-image").filter({ visible: true })).toHaveCount(0);
  });
}

test("without JavaScript the views switch too (radios and CSS), at 375 px", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/products/rg35xx-pro");
  await expect(shownImage(page)).toHaveAttribute("alt", "35XXPro Handheld Console in White, front view");
  await page.getByRole("radio", { name: "Side view" }).check();
  await expect(shownImage(page)).toHaveAttribute("alt", "35XXPro Handheld Console in White, side view");
  await expect(shownImage(page)).toHaveJSProperty("complete", true);
  await page.screenshot({ path: test.info().outputPath("gallery-no-js-375.png") });
  await context.close();
});

for (const width of WIDTHS) {
  test(`the home page's lifestyle picture is the hero's, preloaded in AVIF (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const hero = page.getByRole("img", { name: /An orange R36S and a teal 35XXPro on a coffee table/ });
    await expect(hero).toBeVisible();
    await expect(hero).toHaveJSProperty("complete", true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/.+\.avif$/);
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute("fetchpriority", "high");
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`home-hero-${width}.png`) });
  });
}
