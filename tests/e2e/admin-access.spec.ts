import { createConfirmedCustomer, PASSWORD, signIn, uniqueEmail } from "./account-helpers";
import { ADMIN, expect, expectAccessible, test } from "./fixtures";

test("anonymous requests to the admin are redirected to /admin-login on the server", async ({ page, request }) => {
  const res = await request.get("/admin/dashboard", { maxRedirects: 0 });
  expect([302, 303]).toContain(res.status());
  expect(res.headers()["location"]).toMatch(/^\/admin-login/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin-login/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expectAccessible(page);
});

test.describe("failed sign-ins", () => {
  // The action answers 401, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("wrong credentials say 'Invalid username or password' whether or not the user exists", async ({ page }) => {
    await page.goto("/admin-login");
    for (const username of [ADMIN.email, "nobody@pocketretro.example"]) {
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    }
    await expectAccessible(page);
  });
});

test("the first admin signs in, reaches the dashboard, and logging out ends the session", async ({ page, context }) => {
  await page.goto("/admin-login");
  await page.getByLabel("Username").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const res = await context.request.get("/admin/dashboard");
  expect(res.status()).toBe(200);
  expect(res.headers()["x-robots-tag"]).toContain("noindex");
  expect(res.headers()["cache-control"]).toBe("no-store");

  const cookies = await context.cookies();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  // The old cookie no longer opens anything: the session is gone on the server.
  const replay = await context.request.get("/admin/dashboard", {
    maxRedirects: 0,
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(replay.status()).toBe(303);
});

test.describe("a customer", () => {
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test("gets 403 on the admin and cannot sign in at /admin-login", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("customer");
    await createConfirmedCustomer(request, baseURL!, email);

    // Valid customer credentials at the admin login: the same message, and no session left behind.
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    expect((await page.context().cookies()).filter((c) => c.name.includes("session_token"))).toEqual([]);

    await page.goto("/auth");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    const res = await page.goto("/admin/dashboard");
    expect(res?.status()).toBe(403);
    await expect(page.getByText("You do not have permission to view this page.")).toBeVisible();
    const api = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
    expect(api.status()).toBe(403);
    expect(api.headers()["cache-control"]).toBe("no-store");
  });
});
