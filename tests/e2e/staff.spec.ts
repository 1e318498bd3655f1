import type { Page } from "@playwright/test";
import { uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./shop-steps";
import { invitationLink } from "./staff-helpers";

/**
 * Staff accounts end to end: the owner invites a writer, the writer accepts from the emailed link,
 * signs in, is refused the orders (403) and publishes a post; the owner deactivates them and their
 * open back office is refused at its next request.
 */

const WRITER_PASSWORD = "writer-password-e2e-1";

async function checkBothWidths(page: Page) {
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("staff accounts", () => {
  test.use({ allowedConsoleErrors: [/status of 40[34]/] });

  test("invite a writer, who accepts, is refused orders, publishes a post, and is signed out at once when deactivated", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail("writer");

    // The owner invites.
    await signInAsAdmin(page, "/admin/staff");
    await expect(page.getByRole("heading", { name: "Invite a member of staff" })).toBeVisible();
    await checkBothWidths(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("writer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`, { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Pending invitations" }).getByText(email)).toBeVisible();

    // The invitee, in a browser of their own, accepts from the emailed link.
    const writerContext = await browser.newContext({ extraHTTPHeaders });
    const writer = await writerContext.newPage();
    await writer.goto(await invitationLink(baseURL!, email));
    await expect(writer.getByRole("heading", { name: "Join the back office" })).toBeVisible();
    await expect(writer.getByText("You are invited as Writer")).toBeVisible();
    await checkBothWidths(writer);
    await writer.getByLabel("Your name").fill("Wren Writer");
    await writer.getByLabel("Password", { exact: true }).fill(WRITER_PASSWORD);
    await writer.getByRole("button", { name: "Accept and create account" }).click();
    await expect(writer).toHaveURL(/\/admin-login\?notice=invited$/);
    await expect(writer.getByText("Your account is ready.", { exact: false })).toBeVisible();
    await writer.getByLabel("Username").fill(email);
    await writer.getByLabel("Password", { exact: true }).fill(WRITER_PASSWORD);
    await writer.getByRole("button", { name: "Login" }).click();

    // A writer lands on the blog, sees only the blog in the menu, and is refused the orders.
    await expect(writer).toHaveURL(/\/admin\/posts$/);
    const nav = writer.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(["Blog Posts", "Profile"]);
    const refused = await writer.goto("/admin/orders");
    expect(refused?.status()).toBe(403);
    await expect(writer.getByText('Your role (Writer) does not include the "View orders" permission this needs. Ask the shop\'s owner.')).toBeVisible();

    // ...and writes and publishes a post.
    await writer.goto("/admin/posts/editor/new");
    const title = `Writer's first post ${Date.now()}`;
    await writer.getByLabel("Title").fill(title);
    await writer.getByRole("textbox", { name: "Content" }).click();
    await writer.keyboard.type("Words from the newest member of staff.");
    await writer.getByRole("button", { name: "Publish" }).click();
    await writer.getByRole("alertdialog", { name: "Are you ready to publish?" }).getByRole("button", { name: "Yes, Publish" }).click();
    await expect(writer.getByText("Post published successfully", { exact: true })).toBeVisible();
    const published = await writer.request.get("/blog");
    expect(await published.text()).toContain(title);

    // The owner sees the new member and deactivates them (after confirming).
    await page.reload();
    await page.getByRole("button", { name: `Deactivate ${email}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Deactivate ${email}?` });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Deactivate account" }).click();
    await expect(page.getByText("Account deactivated. Their sessions have ended.")).toBeVisible();
    await expect(page.getByRole("button", { name: `Reactivate ${email}` })).toBeVisible();

    // The writer's open back office is refused at its very next request.
    const next = await writer.goto("/admin/posts");
    expect(new URL(writer.url()).pathname).toBe("/admin-login");
    expect(next?.status()).toBe(200);
    await writerContext.close();
  });

  test("a used or unknown invitation link says so", async ({ page }) => {
    const response = await page.goto("/auth/staff-invitation?token=not-a-real-token");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This invitation link is invalid, already used or expired.", { exact: false })).toBeVisible();
    await checkBothWidths(page);
  });
});
