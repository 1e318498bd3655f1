import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { linkIn, waitForMail } from "./mailbox";

export { totp } from "../totp";

export const PASSWORD = "pixel-pass-42";

/** An address no other test (or earlier run on this database) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

/** A confirmed customer account, set up through better-auth's HTTP API and the emailed link. */
export async function createConfirmedCustomer(request: APIRequestContext, baseURL: string, email: string, password = PASSWORD) {
  const res = await request.post("/api/auth/sign-up/email", { data: { email, password, name: "Test" }, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
  const mail = await waitForMail(email, "Confirm your email");
  const confirmed = await request.get(linkIn(mail, `${baseURL}/auth/verify`), { maxRedirects: 0 });
  expect(confirmed.headers()["location"]).toBe("/auth?notice=confirmed");
}

/**
 * Signs in over better-auth's HTTP API, where the sign-in form is not what the test is about: the
 * session cookie lands in the browser context `request` belongs to (a page's or a context's).
 */
export async function signInOverHttp(request: APIRequestContext, baseURL: string, email: string, password = PASSWORD) {
  const res = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: baseURL } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** Signs in on /auth with the page's form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  if (!new URL(page.url()).pathname.startsWith("/auth")) await page.goto("/auth");
  // Wait for the sign-in form itself: a client-side navigation may still be showing another form.
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}


