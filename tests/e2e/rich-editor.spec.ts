import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";

/** Issue 18: the rich editor never loses what a writer typed or inserted. */

/** The outside hosts a document points at: YouTube's player and an image host, answered locally. */
async function stubOutsideHosts(context: BrowserContext) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c2410c" } }).png().toBuffer();
  await context.route("https://www.youtube.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="en"><title>Video</title><body><p>Video player</p></body></html>' }),
  );
  await context.route("https://images.example/**", (route) => route.fulfill({ contentType: "image/png", body: png }));
}

async function openNewPost(page: Page) {
  await stubOutsideHosts(page.context());
  await signInAsAdmin(page, "/admin/posts/editor/new");
  return page.getByRole("textbox", { name: "Content" });
}

async function insertVideo(page: Page, url: string) {
  await page.getByRole("button", { name: "Video", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert video" });
  await dialog.getByLabel("YouTube or Vimeo link").fill(url);
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toBeHidden();
}

async function insertImageByUrl(page: Page, url: string, alt: string) {
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByLabel("Image URL").fill(url);
  await dialog.getByLabel("Description (alt text)").fill(alt);
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toBeHidden();
}

test("an inserted video or image survives the next keystroke: the caret waits in a new paragraph after it", async ({ page }) => {
  const editor = await openNewPost(page);
  await editor.click();
  await page.keyboard.type("Intro");
  await insertVideo(page, "https://youtu.be/dQw4w9WgXcQ");
  await page.keyboard.type("X");
  await expect(editor.locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  await expect(editor.locator(":scope > *")).toHaveText(["Intro", "", "X"]);

  // Image, then video right away: neither replaces the other, and typing lands after both.
  await insertImageByUrl(page, "https://images.example/handheld.png", "A handheld console");
  await insertVideo(page, "https://vimeo.com/76979871");
  await page.keyboard.type("Y");
  await expect(editor.locator('img[alt="A handheld console"]')).toHaveCount(1);
  await expect(editor.locator('iframe[src="https://player.vimeo.com/video/76979871"]')).toHaveCount(1);
  await expect(editor.locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  const order = await editor.locator(":scope > *").evaluateAll((els) => els.map((e) => e.tagName.toLowerCase() + (e.textContent ? `:${e.textContent}` : "")));
  expect(order).toEqual(["p:Intro", "iframe", "p:X", "img", "iframe", "p:Y"]);

  // Inserted in the middle of a line, the block splits it and the caret still follows the block.
  await editor.getByText("Intro").click();
  await page.keyboard.press("End");
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowLeft");
  await insertVideo(page, "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  await page.keyboard.type("Z");
  await expect(editor.locator('iframe[src="https://www.youtube.com/embed/aqz-KE-bpKQ"]')).toHaveCount(1);
  await expect(editor.locator(":scope > *").first()).toHaveText("Int");
  await expect(editor.locator(":scope > *").nth(2)).toHaveText("Z");
  await expect(editor.locator(":scope > *").nth(3)).toHaveText("ro");
});
