import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createConfirmedCustomer, signInOverHttp, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectHydrated, test } from "./fixtures";
import { fillShipping, payWithCard, shopperPage } from "./shop-steps";
import { createStaffMember } from "./staff-helpers";

/**
 * Issue 15, "Reviews from buyers": a customer who bought the 128GB microSD card reviews it with a
 * photo; the review waits for moderation (not shown, not counted); a member of staff approves it and
 * replies; the product page then shows it with "Verified buyer", the reply and the new summary, and
 * a visitor without JavaScript says it was helpful, once. At 1280 and 375 px, axe on every state.
 */

const SLUG = "microsd-128gb";
const PRODUCT = `/products/${SLUG}`;
const STAFF_PASSWORD = "review-staff-password-1";

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function buyTheCard(page: Page) {
  await page.goto(PRODUCT);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(page.getByRole("dialog", { name: "Added to Cart" })).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await fillShipping(page, { name: "Robin Reviewer", line1: "3 Review Row", postalCode: "N1 1AA" });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);
}

const reviews = (page: Page) => page.getByRole("region", { name: "Customer Stories" });

test.describe("Reviews from buyers", () => {
  // The form's refusal of empty fields is a 400 answer, which the browser reports.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a buyer reviews with a photo, staff approve and reply, the page shows it with Verified buyer and the new summary (1280 and 375 px)", async ({ page, browser, request, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(600_000);
    const email = uniqueEmail("reviewer");
    await createConfirmedCustomer(request, baseURL!, email);

    // A visitor who is not signed in is offered to sign in; a customer without an order is told why.
    await page.goto(PRODUCT);
    await expect(reviews(page).getByRole("link", { name: "Sign in to write a review" })).toHaveAttribute("href", `/auth?redirectTo=${encodeURIComponent(`${PRODUCT}/review`)}`);
    await signInOverHttp(page.request, baseURL!, email);
    await page.goto(PRODUCT);
    await expect(reviews(page)).toContainText("Only customers who bought this can review it.");

    await buyTheCard(page);
    await page.goto(PRODUCT);
    const stories = reviews(page);
    await expect(stories).toContainText("No reviews yet");
    // The reviews sit in the part below the fold, hydrated once its chunk arrives; and the form's
    // fields are filled only once React owns the form (text typed before may be reset).
    const write = stories.getByRole("link", { name: "Write a review" });
    await expectHydrated(write);
    await write.click();
    await expect(page.getByRole("heading", { level: 1, name: /^Review 128GB/ })).toBeVisible();
    await expectHydrated(page.getByRole("button", { name: "Submit review" }));
    await expectAccessible(page);

    // The server's messages, next to their fields.
    await page.getByLabel("Title").fill("ok");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveAccessibleDescription(/Give your review a title of at least 3 characters\./);
    await expect(page.getByLabel("Your review")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.getByRole("radio", { name: "5 stars: Excellent" }).check();
    await page.getByLabel("Title").fill("Room for every game I own");
    await page.getByLabel("Your review").fill("Fast to copy to, fits the R36S perfectly and holds my whole collection with room to spare.");
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#2a6f4e" } }).png().toBuffer();
    await page.getByLabel("Photos (optional)").setInputFiles({ name: "card-in-console.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Thanks for your review!");
    await expectAccessible(page);

    // Pending: neither shown nor counted.
    await page.goto(PRODUCT);
    await expect(reviews(page)).toContainText("It will appear here once our team has checked it.");
    await expect(reviews(page)).toContainText("No reviews yet");

    // A member of staff (not the owner) approves and replies from the back office.
    const staffEmail = uniqueEmail("moderator");
    await createStaffMember(baseURL!, extraHTTPHeaders!["X-Forwarded-For"], "staff", staffEmail, STAFF_PASSWORD);
    const staff = await shopperPage(browser);
    await staff.goto("/admin-login?redirectTo=%2Fadmin%2Freviews");
    await staff.getByLabel("Username").fill(staffEmail);
    await staff.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
    await staff.getByRole("button", { name: "Login" }).click();
    await expect(staff).toHaveURL(/\/admin\/reviews$/);
    await expect(staff.getByRole("link", { name: "Reviews", exact: true })).toBeVisible();
    const card = staff.getByRole("article", { name: "Room for every game I own" });
    await expect(card).toContainText("Verified buyer");
    await expect(card.getByRole("link", { name: /Photo 1 from Test/ })).toBeVisible();
    await expectAccessible(staff);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(staff.getByRole("main").getByRole("status")).toHaveText("Review approved: it now shows on the product page.");
    await staff.getByRole("link", { name: /^Approved/ }).click();
    const approved = staff.getByRole("article", { name: "Room for every game I own" });
    await approved.getByLabel("Public reply").fill("Thanks Robin, happy gaming!");
    await approved.getByRole("button", { name: "Save reply" }).click();
    await expect(staff.getByRole("main").getByRole("status")).toHaveText("Reply saved: it shows under the review.");
    await expectAccessible(staff);
    await staff.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(staff);
    await noOverflow(staff);
    await staff.context().close();

    // The buyer's page: the review with the badge and the reply, and the summary from it.
    await page.goto(PRODUCT);
    const shown = reviews(page);
    const story = shown.getByRole("listitem").filter({ hasText: "Room for every game I own" });
    await expect(story).toContainText("Test");
    await expect(story).toContainText("Verified buyer");
    await expect(story).toContainText("Reply from Pocket Retro");
    await expect(story).toContainText("Thanks Robin, happy gaming!");
    await expect(shown.getByTestId("review-summary")).toContainText("5.0 / 5");
    await expect(shown.getByTestId("review-summary")).toContainText("(1 review)");
    await expect(shown.getByRole("list", { name: "Ratings by number of stars" }).getByRole("listitem").first()).toContainText("5 stars1 review");
    await expect(shown).toContainText("Thanks for reviewing this product.");
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(reviews(page)).toContainText("Verified buyer");
    await expectAccessible(page);
    await noOverflow(page);
    await page.goto(`${PRODUCT}/review`);
    await expectAccessible(page);

    // An anonymous visitor (the cached page was dropped on approval): the summary counts it.
    const visitor = await shopperPage(browser);
    await visitor.goto(PRODUCT);
    await expect(reviews(visitor).getByTestId("review-summary")).toContainText("(1 review)");
    await visitor.context().close();
  });

  test("'Was this helpful?' without JavaScript counts once per visitor and says so", async ({ browser }) => {
    const visitor = await shopperPage(browser, { javaScriptEnabled: false });
    await visitor.goto("/products/r36pro");
    const stories = reviews(visitor);
    const first = stories.getByRole("listitem").filter({ has: visitor.getByRole("button", { name: "Yes" }) }).first();
    const title = (await first.getByRole("heading").first().textContent())!;
    const countText = (await first.getByText(/found this helpful$/).textContent())!;
    const before = Number(/^(\d+)/.exec(countText)![1]);
    await first.getByRole("button", { name: "Yes" }).click();
    // The page is everyone's (ADR 018): the address says which review this visitor voted for.
    await expect(visitor).toHaveURL(/\/products\/r36pro\?helpful=[\w-]+#review-/);
    const voted = reviews(visitor).getByRole("listitem").filter({ hasText: title });
    await expect(voted).toContainText("You found this helpful");
    await expect(voted.getByRole("button", { name: "Yes" })).toHaveCount(0);
    // The same visitor posting again (a second tab, an old page) is not counted twice.
    const reviewId = (await visitor.evaluate(() => location.hash)).replace("#review-", "");
    const again = await visitor.request.post("/reviews/helpful", { form: { reviewId }, headers: { "Sec-Fetch-Mode": "cors" } });
    expect(await again.json()).toMatchObject({ ok: true, counted: false, helpfulCount: before + 1 });
    await visitor.context().close();
  });
});
