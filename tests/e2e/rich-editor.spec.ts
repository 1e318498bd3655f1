import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { CUT_MESSAGE } from "../../server/ai/writer";
import { sanitizeRichText } from "../../server/content/sanitize";
import { FAKE_KEYS, startFakeAi } from "./fake-ai";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";

/** Issue 18: the rich editor never loses what a writer typed or inserted. */

/** The outside hosts a document points at: YouTube's player and an image host, answered locally. */
async function stubOutsideHosts(context: BrowserContext) {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: "#c2410c" },
  })
    .png()
    .toBuffer();
  await context.route("https://www.youtube.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><title>Video</title><body><p>Video player</p></body></html>',
    }),
  );
  // Documents written into the source view point at library paths that do not exist here.
  await context.route("**/media/corpus-*", (route) => route.fulfill({ contentType: "image/png", body: png }));
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

/** Inserts an uploaded image (a web address is copied by the server, which cannot reach a test host). */
async function insertImage(page: Page, alt: string) {
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  const buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c2410c" } }).png().toBuffer();
  await dialog.getByLabel("Image file").setInputFiles({ name: "handheld.png", mimeType: "image/png", buffer });
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
  await insertImage(page, "A handheld console");
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

/** The editor's HTML, read through its own HTML mode. */
async function editorHtml(page: Page) {
  await page.getByRole("button", { name: "Edit HTML" }).click();
  const html = await page.getByLabel("Content (HTML source)").inputValue();
  await page.getByRole("button", { name: "Edit HTML" }).click();
  return html;
}

async function switchMode(page: Page, mode: "Visual" | "Markdown") {
  await page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: mode }).click();
  await expect(page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: mode })).toHaveAttribute("aria-pressed", "true");
}

test("Visual -> Markdown -> Visual keeps alignment, underline, text size, embeds, and typed angle brackets as text", async ({ page }) => {
  const editor = await openNewPost(page);
  await editor.click();
  await page.keyboard.type("Centred ");
  await page.getByRole("button", { name: "Align center" }).click();
  await page.getByRole("button", { name: "Underline" }).click();
  await page.keyboard.type("underlined");
  await page.getByRole("button", { name: "Underline" }).click();
  await page.keyboard.type(" and ");
  await page.getByLabel("Text size").selectOption({ label: "Large" });
  await page.keyboard.type("large");
  await insertVideo(page, "https://youtu.be/dQw4w9WgXcQ");
  await page.keyboard.type("Type <b>not bold</b> & 2*3");
  await insertVideo(page, "https://vimeo.com/76979871");

  await switchMode(page, "Markdown");
  const source = page.getByLabel("Content (Markdown source)");
  await expect(source).toHaveValue(/\\<b>not bold\\<\/b>/);
  // An edit in Markdown mode reads the whole document back from the Markdown.
  await source.press("Control+End");
  await source.pressSequentially("\n\nAdded in Markdown");
  await switchMode(page, "Visual");
  await expect(editor.locator("p").last()).toHaveText("Added in Markdown");

  await expect(editor.locator('p[style*="text-align: center"]')).toContainText("Centred underlined and large");
  await expect(editor.locator("u")).toHaveText("underlined");
  await expect(editor.locator('span[style*="font-size: 1.25rem"]')).toHaveText("large");
  await expect(editor.locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  await expect(editor.locator('iframe[src="https://player.vimeo.com/video/76979871"]')).toHaveCount(1);
  await expect(editor.getByText("Type <b>not bold</b> & 2*3", { exact: true })).toBeVisible();
  await expect(editor.locator("b, strong")).toHaveCount(0);
});

test("Markdown the visual editor cannot keep is named, and the writer may stay in Markdown", async ({ page }) => {
  await openNewPost(page);
  await switchMode(page, "Markdown");
  const source = page.getByLabel("Content (Markdown source)");
  const table = "Specs\n\n| Screen | Battery |\n| --- | --- |\n| 3.5 in | 3200 mAh |\n";
  await source.fill(table);
  await expect(page.getByRole("status").filter({ hasText: "Not kept when saved" })).toHaveText("Not kept when saved: tables.");
  await page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Visual" }).click();
  const warning = page.getByRole("alertdialog", {
    name: "The visual editor cannot keep all of this Markdown",
  });
  await expect(warning).toContainText("Switching now would change or drop: tables.");
  await expectAccessible(page);
  await warning.getByRole("button", { name: "Stay in Markdown" }).click();
  await expect(warning).toBeHidden();
  await expect(source).toHaveValue(table);
  await page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Visual" }).click();
  await warning.getByRole("button", { name: "Switch anyway" }).click();
  await expect(page.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Visual" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("3200 mAh");
});

/** A small deterministic random source, so the generated corpus is the same on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Documents built from everything the editor can hold, in random combinations. */
function corpus(count: number): string[] {
  const rand = seeded(18);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const words = [
    "pocket",
    "consoles",
    "3.5 inch",
    "battery",
    "2 * 3 = 6",
    "snake_case_name",
    "&lt;b&gt;not bold&lt;/b&gt;",
    "AT&amp;T",
    "&amp;copy; kept",
    "[not](a link)",
    "#hashtag",
    "1. not a list",
    "back\\slash",
    "`tick`",
    "> not a quote",
  ];
  const inline = (): string => {
    const text = pick(words);
    return pick([
      () => text,
      () => `<strong>${text}</strong>`,
      () => `<em>${text}</em>`,
      () => `<u>${text}</u>`,
      () => `<s>${text}</s>`,
      () => `<code>a &lt; b</code>`,
      () => `<a href="https://example.com/${Math.floor(rand() * 100)}">${text}</a>`,
      () => `<span style="font-size: ${pick(["0.875rem", "1.25rem", "1.875rem"])}">${text}</span>`,
      () => `<strong><u>${text}</u></strong>`,
      () => `<u><em>${text}</em></u>`,
    ])();
  };
  const line = () => Array.from({ length: 1 + Math.floor(rand() * 4) }, inline).join(" ");
  const align = () => pick(["", "", ' style="text-align: center"', ' style="text-align: right"']);
  const block = (): string =>
    pick([
      () => `<p${align()}>${line()}</p>`,
      () => {
        const level = 1 + Math.floor(rand() * 4);
        return `<h${level}${align()}>${line()}</h${level}>`;
      },
      () => `<ul>${Array.from({ length: 1 + Math.floor(rand() * 3) }, () => `<li><p${align()}>${line()}</p></li>`).join("")}</ul>`,
      () => `<ol>${Array.from({ length: 1 + Math.floor(rand() * 3) }, () => `<li><p>${line()}</p></li>`).join("")}</ol>`,
      () => `<blockquote><p>${line()}</p></blockquote>`,
      () => `<pre><code>if (a &lt; b) { return "&lt;b&gt;"; }\n  indented *not em*</code></pre>`,
      () => "<hr>",
      () => `<iframe src="${pick(["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://player.vimeo.com/video/76979871"])}" title="Video"></iframe>`,
      () => `<img src="/media/corpus-${Math.floor(rand() * 100)}.png" alt="${pick(["A handheld", "Two consoles & a case"])}">`,
      () => `<p>line one<br>line two</p>`,
    ])();
  return Array.from({ length: count }, () => Array.from({ length: 3 + Math.floor(rand() * 5) }, block).join(""));
}

/** What a reader would get: sanitised, empty paragraphs (spacing Markdown does not keep) aside. */
const published = (html: string) => sanitizeRichText(html).replace(/<p><\/p>/g, "");

test("a corpus of documents comes back from Visual -> Markdown -> Visual with the same sanitised HTML", async ({ page }) => {
  test.setTimeout(360_000);
  await openNewPost(page);
  const handWritten = [
    '<h1>Title</h1><h2 style="text-align: center">Centred</h2><h3>Three</h3><h4 style="text-align: right">Four</h4>',
    "<p>Type &lt;b&gt;not bold&lt;/b&gt; and &lt;script&gt;alert(1)&lt;/script&gt; as words</p>",
    "<ul><li><p>one</p><ul><li><p>nested <strong>bold</strong></p></li></ul></li><li><p>two</p></li></ul>",
    '<p><a href="https://example.com/a?b=1&amp;c=2">query link</a> and <span style="font-size: 1.5rem"><strong>big bold</strong></span></p>',
  ];
  for (const [i, doc] of [...handWritten, ...corpus(24)].entries()) {
    await page.getByRole("button", { name: "Edit HTML" }).click();
    await page.getByLabel("Content (HTML source)").fill(doc);
    await page.getByRole("button", { name: "Edit HTML" }).click();
    const before = await editorHtml(page);
    const modes = page.getByRole("group", { name: "Editor mode" });
    await modes.getByRole("button", { name: "Markdown" }).click();
    // Either Markdown mode, or the warning that something would not survive (which fails the test).
    await expect(modes.getByRole("button", { name: "Markdown", pressed: true }).or(page.getByRole("alertdialog"))).toBeVisible();
    await expect(page.getByRole("alertdialog"), `document ${i} would not survive: ${doc}`).toHaveCount(0);
    // A trailing newline changes nothing in Markdown but makes the editor read the document back from it.
    const source = page.getByLabel("Content (Markdown source)");
    await source.fill(`${await source.inputValue()}\n`);
    await switchMode(page, "Visual");
    const after = await editorHtml(page);
    expect(published(after), `document ${i}: ${doc}`).toBe(published(before));
  }
});

/** Full-page screenshots to look at, kept with the test's results. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`${name}.png`),
    fullPage: true,
  });
}

/** A photo-sized PNG (so every rendition width is made) in a colour of our own. */
async function photo(background: string) {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background },
  })
    .png()
    .toBuffer();
}

/** Drops (or pastes) a file into the editor the way the browser hands one over. */
async function handOver(page: Page, how: "drop" | "paste", name: string, bytes: Buffer) {
  await page.getByRole("textbox", { name: "Content" }).evaluate(
    (el, { how, name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      if (how === "paste") {
        el.dispatchEvent(
          new ClipboardEvent("paste", {
            clipboardData: transfer,
            bubbles: true,
            cancelable: true,
          }),
        );
        return;
      }
      const box = el.getBoundingClientRect();
      const at = {
        clientX: box.left + 20,
        clientY: box.bottom - 10,
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
      };
      el.dispatchEvent(new DragEvent("dragover", at));
      el.dispatchEvent(new DragEvent("drop", at));
    },
    { how, name, base64: bytes.toString("base64") },
  );
}

/** An uploaded body image: the largest WebP rendition, every rendition in srcset, its size and description. */
async function expectUploaded(image: ReturnType<Page["locator"]>, alt: string) {
  await expect(image).toHaveAttribute("alt", alt);
  await expect(image).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}-960\.webp$/);
  await expect(image).toHaveAttribute("srcset", /-320\.webp 320w, \/media\/.*-640\.webp 640w, \/media\/.*-960\.webp 960w$/);
  await expect(image).toHaveAttribute("width", "960");
  await expect(image).toHaveAttribute("height", "640");
}

test.describe("uploads", () => {
  // The refused fake image answers 415, which the browser reports.
  test.use({ allowedConsoleErrors: [/status of 415/] });
  test("images reach the body by the image button, drop and paste through the upload pipeline, each with a description", async ({ page }) => {
    test.setTimeout(240_000);
    const editor = await openNewPost(page);
    const title = `Pictures of handhelds ${Date.now()}`;
    await page.getByLabel("Title").fill(title);
    await editor.click();
    await page.keyboard.type("Before the pictures");

    await page.getByRole("button", { name: "Image", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose an image file to upload");
    // Bytes decide, not the name: text called .png is refused by the server.
    await dialog.getByLabel("Image file").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg onload=alert(1)>not a png at all</svg>"),
    });
    await dialog.getByLabel("Description (alt text)").fill("Not really a picture");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("fake.png is not a PNG, JPEG, WebP, GIF or AVIF image.");

    await dialog.getByLabel("Image file").setInputFiles({
      name: "orange-handheld.png",
      mimeType: "image/png",
      buffer: await photo("#c2410c"),
    });
    await dialog.getByLabel("Description (alt text)").fill("   ");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog.getByText("Describe the image for readers who cannot see it")).toBeVisible();
    await expect(dialog.getByLabel("Description (alt text)")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Description (alt text)").fill("An orange handheld on a desk");
    await expect(dialog.getByText("Describe the image for readers who cannot see it")).toBeHidden();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog).toBeHidden();
    await expectUploaded(editor.getByRole("img", { name: "An orange handheld on a desk" }), "An orange handheld on a desk");
    await page.keyboard.type("Typed after the upload");
    await expect(editor.getByRole("img")).toHaveCount(1);

    await handOver(page, "drop", "teal-handheld.png", await photo("#0f766e"));
    await expect(dialog.getByText("teal-handheld.png")).toBeVisible();
    await dialog.getByLabel("Description (alt text)").fill("A teal handheld");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expectUploaded(editor.getByRole("img", { name: "A teal handheld" }), "A teal handheld");

    await editor.getByText("Typed after the upload").click();
    await handOver(page, "paste", "purple-handheld.png", await photo("#7e22ce"));
    await expect(dialog.getByText("purple-handheld.png")).toBeVisible();
    await dialog.getByLabel("Description (alt text)").fill("A purple handheld");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expectUploaded(editor.getByRole("img", { name: "A purple handheld" }), "A purple handheld");
    await expect(editor.getByRole("img")).toHaveCount(3);

    // Published, the images keep their renditions and size through the server's sanitiser.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alertdialog", { name: "Are you ready to publish?" }).getByRole("button", { name: "Yes, Publish" }).click();
    await expect(page.getByText("Post published successfully", { exact: true })).toBeVisible();
    await page.goto(`/blog/${title.toLowerCase().replace(/ /g, "-")}`);
    await expectUploaded(page.locator(".prose-shop").getByRole("img", { name: "A teal handheld" }), "A teal handheld");
  });
});

test("the media library finds uploaded images by description, says where each is used, and inserts one", async ({ page }) => {
  test.setTimeout(240_000);
  const editor = await openNewPost(page);
  const title = `Library source ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await editor.click();
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  const description = `A yellow handheld ${Date.now()}`;
  await dialog.getByLabel("Image file").setInputFiles({
    name: "yellow.png",
    mimeType: "image/png",
    buffer: await photo("#ca8a04"),
  });
  await dialog.getByLabel("Description (alt text)").fill(description);
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);

  // In the product editor, whose description uses the same rich editor.
  await page.goto("/admin/products/new");
  const description2 = page.getByRole("textbox", { name: "Description" });
  await description2.click();
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await dialog.getByRole("tab", { name: "Media library" }).click();
  await dialog.getByLabel("Search images").fill(description);
  await expect(dialog.getByRole("status")).toHaveText("1 image");
  const item = dialog.getByRole("button", { name: new RegExp(description) });
  await expect(item).toContainText(`Used in: ${title}`);
  await dialog.getByLabel("Search images").fill("nothing is called this");
  await expect(dialog.getByRole("status")).toHaveText("0 images");
  await dialog.getByLabel("Search images").fill(description.slice(2, 20).toUpperCase());
  await item.click();
  await expect(item).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByLabel("Description (alt text)")).toHaveValue(description);
  await expectAccessible(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `media-library-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expectUploaded(description2.getByRole("img", { name: description }), description);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `product-editor-${width}`);
  }
});

test.describe("AI writer at the length limit", () => {
  let fake: Awaited<ReturnType<typeof startFakeAi>>;
  test.beforeAll(async () => {
    fake = await startFakeAi();
  });
  test.afterAll(async () => {
    await fake.close();
  });

  test("an article cut at the provider's length limit (MAX_TOKENS) is named as cut and never inserted by itself", async ({ page }) => {
    test.setTimeout(180_000);
    const editor = await openNewPost(page);
    await page.evaluate(
      ([g, d]) => {
        localStorage.setItem("pocketretro.ai-key.gemini", g);
        localStorage.setItem("pocketretro.ai-key.deepseek", d);
      },
      [FAKE_KEYS.gemini, FAKE_KEYS.deepseek],
    );
    await page.getByRole("button", { name: "AI Writer" }).click();
    const dialog = page.getByRole("dialog", { name: "AI Writer" });
    await dialog.getByLabel("Topic").fill("handhelds cut short");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(CUT_MESSAGE);
    const preview = dialog.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Gemini on handhelds cut short" })).toBeVisible();
    await expect(preview).not.toContainText("That is the end of this generated article.");
    expect((fake.requests.at(-1)!.body as { generationConfig: unknown }).generationConfig).toMatchObject({ maxOutputTokens: 1024, thinkingConfig: { thinkingBudget: 0 } });
    await expect(editor.getByRole("heading")).toHaveCount(0);

    // DeepSeek inserts a whole article by itself; a cut one waits in the preview instead.
    await dialog.getByLabel("Model").selectOption({ label: "DeepSeek API" });
    await dialog.getByLabel("Topic").fill("handhelds cut short");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(CUT_MESSAGE);
    await expect(preview.getByRole("heading", { name: "DeepSeek on handhelds cut short" })).toBeVisible();
    await expectAccessible(page);
    await expect(editor.getByRole("heading")).toHaveCount(0);
    // Kept knowingly, it goes in.
    await dialog.getByRole("button", { name: "Keep" }).click();
    await expect(editor.getByRole("heading", { name: "DeepSeek on handhelds cut short" })).toBeVisible();
  });
});

test("the post editor's toolbar keeps every control on one row at 1440 px, and fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openNewPost(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const rows = () => toolbar.locator("button, select").evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
  const html = page.getByRole("button", { name: "Edit HTML" });
  await expect(html).toBeVisible();
  await screenshot(page, "post-editor-1440");
  expect(await rows()).toBe(1);
  // The HTML source toggle is grouped with the modes, above the formatting row.
  const [htmlBox, toolbarBox] = [await html.boundingBox(), await toolbar.boundingBox()];
  expect(htmlBox!.y + htmlBox!.height).toBeLessThanOrEqual(toolbarBox!.y + 1);
  await page.setViewportSize({ width: 375, height: 800 });
  // Narrow screens wrap the toolbar instead of widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(html).toBeInViewport();
  await screenshot(page, "post-editor-375");
});

/** True when two boxes share any pixel. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the product editor's Validation Error toast leaves Save Draft and Publish uncovered, and each message goes once its field is valid", async ({ page }) => {
  await signInAsAdmin(page, "/admin/products/new");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/products/new");
    await page.getByRole("button", { name: "Save Draft" }).click();
    // The toast itself, in its region (Radix also announces it through a 1 px live region).
    const toast = page.getByRole("region", { name: /Notifications/ }).locator("li").filter({ hasText: "Validation Error" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.width, "the toast's own box").toBeGreaterThan(200);
    for (const name of ["Save Draft", "Publish"]) {
      expect(overlaps(box, (await page.getByRole("button", { name, exact: true }).boundingBox())!), `toast over ${name} at ${width} px`).toBe(false);
    }
  }

  const title = page.getByLabel("Product Title");
  // The messages under the fields (the toast repeats the first one).
  const form = page.locator("form").filter({ has: title });
  await expect(title).toHaveAccessibleDescription("Product title is required");
  await title.fill("Pocket Arcade");
  // Valid now: its message goes at once; the other fields' messages stay until they are fixed.
  await expect(form.getByText("Product title is required")).toBeHidden();
  await expect(form.getByText("Product description is required")).toBeVisible();
  await page.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("A small console.");
  await expect(form.getByText("Product description is required")).toBeHidden();
  await expect(form.getByText("Product price must be greater than 0")).toBeVisible();
  await title.fill("");
  await expect(form.getByText("Product title is required"), "no new message while typing").toBeHidden();

  await page.goto("/admin/posts/editor/new");
  await page.getByRole("button", { name: "Save Draft" }).click();
  const postTitle = page.getByLabel("Title", { exact: true });
  await expect(postTitle).toHaveAccessibleDescription("Title is required");
  await postTitle.fill("A title at last");
  await expect(postTitle).not.toHaveAccessibleDescription("Title is required");
});
