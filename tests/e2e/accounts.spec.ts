import { createConfirmedCustomer, PASSWORD, signIn, totp, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { fillShipping, payWithCard } from "./shop-steps";

// Failed form posts answer 4xx (and the 403 page), which Chromium reports on the console.
test.use({ allowedConsoleErrors: [/status of (40[0-3]|429)/] });

test("sign up, confirm from the email, come back to /account after signing in, sign out", async ({ page, baseURL }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Check your email for a confirmation link!");
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expectAccessible(page);

  // Before confirming: sign-in says so and offers a new link.
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Please confirm your email address first");
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("a new link is on its way");

  const mail = await waitForMail(email, "Confirm your email");
  await page.goto(linkIn(mail, `${baseURL}/auth/verify`));
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your email is confirmed. You can sign in now.");

  // A protected page sends us to sign in, then back.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
  await expectAccessible(page);
  expect((await page.request.get("/account")).headers()["cache-control"]).toBe("private, no-store");

  // Signed in, /auth sends us home.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(`Signed in as${email}`);
  await expectAccessible(page);
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const after = await page.request.get("/account", { maxRedirects: 0 });
  expect(after.status()).toBe(303);
});

test("a wrong password shows an error in the red box", async ({ page }) => {
  await page.goto("/auth");
  await signIn(page, "admin@pocketretro.example", "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("admin@pocketretro.example");
  await expectAccessible(page);
});

test("a 3-character password is refused, in the browser and on the server", async ({ page, request, baseURL }) => {
  await page.goto("/auth?mode=signup");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(uniqueEmail("short"));
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("abc");
  await page.getByRole("button", { name: "Sign Up" }).click();
  expect(await password.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);
  await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);

  const res = await request.post("/auth", {
    form: { intent: "sign-up", email: uniqueEmail("short"), password: "abc" },
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("Password must be at least 6 characters.");
});

test("/account answers a signed-out request with a server redirect to /auth", async ({ request }) => {
  for (const path of ["/account", "/account/orders/00000000-0000-0000-0000-000000000000", "/account/addresses"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("thirty wrong sign-ins in a row are answered 429", async ({ page, request, baseURL }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await request.post("/auth", {
      form: { intent: "sign-in", email: "guess@example.com", password: `guess-${i}` },
      headers: { Origin: baseURL! },
    });
    statuses.push(res.status());
  }
  expect(statuses[0]).toBe(401);
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  // The page says so too (same client address).
  await page.goto("/auth");
  await signIn(page, "guess@example.com", "one-more-guess");
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Try again in \d+ seconds?\.$/);
});

test("forgot password: the emailed link sets a new password and signs out other devices", async ({ page, browser, request, baseURL }) => {
  const email = uniqueEmail("forgetful");
  await createConfirmedCustomer(request, baseURL!, email);
  // Signed in on another device too.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "10.250.0.7" } });
  const signedIn = await other.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL! } });
  expect(signedIn.status()).toBe(200);
  expect((await other.request.get("/account", { maxRedirects: 0 })).status()).toBe(200);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("If an account exists for that email");
  await expectAccessible(page);

  const mail = await waitForMail(email, "Reset your password");
  await page.goto(linkIn(mail, `${baseURL}/auth/reset`));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("brand-new-pass-7");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your password has been changed");
  await signIn(page, email, "brand-new-pass-7");
  await expect(page).toHaveURL(/\/$/);

  const stale = await other.request.get("/account", { maxRedirects: 0 });
  expect(stale.status()).toBe(303);
  await other.close();
});

test("account settings: saved address, password change, two-factor sign-in, deletion", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("settings");
  await createConfirmedCustomer(request, baseURL!, email);
  await page.goto("/auth");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/account/addresses/new");
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Address line 1").fill("12 Analytical Row");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Postal code").fill("NW1 6XE");
  await page.getByLabel("Country").selectOption("GB");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your address has been saved.");
  await page.getByRole("link", { name: "Edit address: Ada Lovelace, 12 Analytical Row" }).click();
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
  await expectAccessible(page);

  await page.goto("/account/password");
  await page.getByLabel("Current password").fill("wrong-one");
  await page.getByLabel("New password").fill("second-pass-99");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("second-pass-99");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed.");

  await page.goto("/account/two-factor");
  await page.getByLabel("Password", { exact: true }).fill("second-pass-99");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  await expectAccessible(page);
  await page.getByLabel("Code from the app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Two-factor authentication is on.");

  // Sign out on a phone-sized screen, then sign in with the second factor.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu")).toContainText(email);
  await page.locator("#mobile-menu").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, email, "second-pass-99");
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not valid. Try again.");
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/account/delete");
  await page.getByLabel("Your password").fill("second-pass-99");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\?notice=account-deleted$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your account has been deleted.");
  await signIn(page, email, "second-pass-99");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("a visitor's cart follows them into their account, and the order they place shows in /account", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("buyer");
  await createConfirmedCustomer(request, baseURL!, email);

  await page.goto("/products/r36s");
  await page.getByRole("radio", { name: "Purple" }).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto("/auth?redirectTo=%2Fcart");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue(email);
  await fillShipping(page, { name: "Ada Lovelace", line1: "12 Analytical Row", postalCode: "SE1 7PB" });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/pay\/test\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/checkout-success\?session_id=/);
  const number = (await page.getByTestId("order-number").textContent())!;

  await page.goto("/account");
  const row = page.getByRole("row", { name: new RegExp(number) });
  await expect(row).toContainText("Processing");
  // $49.99 and US Standard shipping ($12.99 below $75).
  await expect(row).toContainText("$62.98");
  await expectAccessible(page);
  await row.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("R36S Retro Handheld (Purple)");
  await expect(page.getByRole("main")).toContainText("12 Analytical Row");
  await expect(page.getByRole("main")).toContainText("United States");
  await expectAccessible(page);

  // Nobody else can open it: another customer gets a 404.
  const orderPath = new URL(page.url()).pathname;
  const stranger = uniqueEmail("stranger");
  await createConfirmedCustomer(request, baseURL!, stranger);
  const strangerContext = await page.context().browser()!.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.9" } });
  await strangerContext.request.post("/api/auth/sign-in/email", { data: { email: stranger, password: PASSWORD }, headers: { Origin: baseURL! } });
  expect((await strangerContext.request.get(orderPath)).status()).toBe(404);
  await strangerContext.close();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
