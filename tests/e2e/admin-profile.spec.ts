import { totp, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, expectFitsPhone, test } from "./fixtures";
import { createStaffMember } from "./staff-helpers";

/**
 * Two-factor set-up in the back office (/admin/profile), by a member of staff of its own (the
 * seeded owner is shared by every test). The e2e shop runs on the embedded database, where
 * two-factor is optional: the page says so and lets it be turned off again. That deployed mode
 * requires it of owners and staff is tests/integration/admin-two-factor.test.ts.
 */
const PASSWORD = "profile-staff-password-1";

// The wrong password and the wrong code are answered 400, which the browser reports.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("a member of staff turns on two-factor at /admin/profile, signs in with a backup code, and turns it off", async ({ page, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("profile-staff");
  await createStaffMember(baseURL!, extraHTTPHeaders!["X-Forwarded-For"], "staff", email, PASSWORD);

  const signIn = async () => {
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
  };
  await signIn();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
  await expect(page.getByRole("region", { name: "Your account" })).toContainText(email);
  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(twoFactor).toContainText("It is optional for your role.");
  await expectAccessible(page);

  await twoFactor.getByLabel("Password", { exact: true }).fill("not-my-password");
  await twoFactor.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(twoFactor.getByRole("alert")).toHaveText("That password is not correct.");
  await twoFactor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await twoFactor.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(twoFactor.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await twoFactor.getByTestId("totp-secret").textContent())!;
  const backupCodes = await twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  await expectFitsPhone(page, "admin-profile-enrolment");
  await twoFactor.getByLabel("Code from the app").fill("000000");
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor.getByRole("alert")).toHaveText("That code is not valid. Try the current one.");
  // The same set-up is shown again: the app already holds this key.
  await expect(twoFactor.getByTestId("totp-secret")).toHaveText(secret);
  await twoFactor.getByLabel("Code from the app").fill(totp(secret));
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page).toHaveURL(/\/admin\/profile\?two-factor=on$/);
  await expect(twoFactor.getByRole("status")).toHaveText("Two-factor authentication is on.");
  await expect(twoFactor).toContainText("Two-factor authentication is on for your account.");
  // The backup codes were shown once.
  await expect(twoFactor.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

  // Signing in again asks for the second factor; a backup code answers it.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin-login/);
  await signIn();
  await expect(page).toHaveURL(/\/auth\/two-factor/, { timeout: 30_000 });
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Optional here (embedded database): it can be turned off again.
  await page.goto("/admin/profile");
  await twoFactor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await twoFactor.getByRole("button", { name: "Turn off" }).click();
  await expect(page).toHaveURL(/\/admin\/profile\?two-factor=off$/);
  await expect(twoFactor.getByRole("status")).toHaveText("Two-factor authentication is off.");
  await expect(twoFactor.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
});
