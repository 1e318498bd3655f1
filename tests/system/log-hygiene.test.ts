import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { get, postForm, type Answer } from "./http";
import { startInstance, TEST_ADMIN, TEST_SECRET, waitFor, type Instance } from "./instances";

/**
 * A real instance goes through the flows that handle secrets (sign-up and its confirmation link,
 * sign-in, a wrong password, password reset, checkout with the test card, admin login) at debug
 * level; then everything it printed is searched for each of those secrets.
 */
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instance: Instance;
let direct: pg.Client;

beforeAll(async () => {
  database = await createPostgresDatabase();
  instance = await startInstance(database.url, { LOG_LEVEL: "debug", SMTP_URL: "", STRIPE_SECRET_KEY: "" });
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
});

afterAll(async () => {
  await direct?.end();
  await instance?.stop();
  await database?.drop();
});

/** Every cookie value the response sets, whole and with its signature cut off (the session token). */
function cookieSecrets(answer: Answer): string[] {
  return (answer.headers["set-cookie"] ?? []).flatMap((c) => {
    const value = decodeURIComponent(c.split(";")[0].split("=").slice(1).join("="));
    return value ? [value, value.split(".")[0]] : [];
  });
}

const cookieHeader = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

/** The token of the newest link to `path` mailed to `to` (mail stays in the outbox: no SMTP here). */
async function mailedToken(to: string, path: string): Promise<string> {
  let token = "";
  await waitFor(async () => {
    const { rows } = await direct.query<{ text: string }>("select text from outbox_mail where \"to\" = $1 order by created_at desc", [to]);
    const match = rows.map((r) => r.text.match(new RegExp(`${path}\\?token=([^\\s&]+)`))).find(Boolean);
    token = match ? decodeURIComponent(match[1]) : "";
    return token !== "";
  }, `a mail to ${to} with a ${path} link`, 10_000);
  return token;
}

describe("log hygiene", () => {
  it("never prints a password, session token, mailed token, card number or the auth secret", async () => {
    const secrets: string[] = [TEST_SECRET, TEST_ADMIN.password];
    const email = "hygiene@example.com";
    const password = "correct-horse-battery-staple-42";
    const newPassword = "a-brand-new-passphrase-77";
    const wrongPassword = "definitely-not-the-password-13";
    secrets.push(password, newPassword, wrongPassword);

    expect((await postForm(instance.url, "/auth", { intent: "sign-up", email, password })).status).toBe(200);
    const confirmToken = await mailedToken(email, "/auth/verify");
    secrets.push(confirmToken);
    expect((await get(instance.url, `/auth/verify?token=${encodeURIComponent(confirmToken)}`)).headers.location).toContain("notice=confirmed");

    const wrong = await postForm(instance.url, "/auth", { intent: "sign-in", email, password: wrongPassword });
    expect(wrong.status).toBe(401);
    const signedIn = await postForm(instance.url, "/auth", { intent: "sign-in", email, password, redirectTo: "/" });
    expect(signedIn.status).toBe(303);
    secrets.push(...cookieSecrets(signedIn));
    expect((await get(instance.url, "/account", cookieHeader(signedIn))).status).toBe(200);

    expect((await postForm(instance.url, "/auth/forgot", { email })).status).toBe(200);
    const resetToken = await mailedToken(email, "/auth/reset");
    secrets.push(resetToken);
    expect((await postForm(instance.url, "/auth/reset", { token: resetToken, password: newPassword })).status).toBe(303);

    const { rows } = await direct.query<{ id: string }>("select id from product_variants where stock > 0 limit 1");
    const added = await postForm(instance.url, "/cart", { intent: "add", variantId: rows[0].id, quantity: "1" });
    secrets.push(...cookieSecrets(added));
    const checkout = await postForm(
      instance.url,
      "/checkout",
      { email, name: "Hygiene Shopper", line1: "1 Clean Street", line2: "", city: "London", postalCode: "N1 1AA", country: "GB" },
      cookieHeader(added),
    );
    expect(checkout.status).toBe(303);
    const card = "4242 4242 4242 4242";
    secrets.push(card, card.replaceAll(" ", ""));
    const paid = await postForm(instance.url, new URL(checkout.headers.location!, instance.url).pathname, { cardNumber: card, expiry: "12 / 39", cvc: "123" });
    expect(paid.headers.location).toContain("/checkout-success");

    const admin = await postForm(instance.url, "/admin-login", { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(admin.status).toBe(303);
    secrets.push(...cookieSecrets(admin));

    // Lines are written asynchronously: the access-log line of the last request marks the end.
    const lastId = String(admin.headers["x-request-id"]);
    await waitFor(async () => instance.output().includes(lastId), "the last access-log line");
    const output = instance.output();
    for (const secret of new Set(secrets.filter((s) => s.length >= 8))) {
      expect(output.includes(secret) || output.includes(encodeURIComponent(secret)), `the output shows a secret (${secret.slice(0, 4)}…)`).toBe(false);
    }

    // Structured: JSON lines; a line logged while a request is handled carries that request's id.
    const lines = output.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    const wrongId = String(wrong.headers["x-request-id"]);
    const duringWrong = lines.filter((l) => l.requestId === wrongId);
    expect(duringWrong.map((l) => l.msg)).toEqual(expect.arrayContaining(["request", expect.stringMatching(/^auth: /)]));
  });
});

describe("log hygiene on the embedded database", () => {
  let embedded: Instance;

  beforeAll(async () => {
    // A shop on its own embedded database, without Redis: better-auth's limits (3 password resets
    // per address in 5 minutes) live in that database, not in a Redis every run of the system
    // tests shares (a second run within 5 minutes was answered 429).
    embedded = await startInstance("", { SMTP_URL: "", STRIPE_SECRET_KEY: "", REDIS_URL: "" });
  });

  afterAll(async () => {
    await embedded?.stop();
  });

  it("logs a kept message by id and subject only: no line carries a token (confirmation, reset, staff invitation)", async () => {
    const email = "embedded-hygiene@example.com";
    const password = "correct-horse-battery-staple-43";
    expect((await postForm(embedded.url, "/auth", { intent: "sign-up", email, password })).status).toBe(200);
    expect((await postForm(embedded.url, "/auth/forgot", { email: TEST_ADMIN.email })).status).toBe(200);
    const admin = await postForm(embedded.url, "/admin-login", { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(admin.status).toBe(303);
    const invited = await postForm(embedded.url, "/admin/staff", { intent: "invite", email: "new-writer@example.com", role: "writer" }, cookieHeader(admin));
    expect(invited.status).toBeLessThan(400);

    await waitFor(async () => (embedded.output().match(/mail kept/g) ?? []).length >= 3, "three kept messages logged", 20_000);
    const kept = embedded.output().split("\n").filter((l) => l.includes("mail kept"));
    const withTokens = embedded.output().split("\n").filter((l) => l.includes("token="));
    expect({ kept: kept.length, withTokens: withTokens.length }).toEqual({ kept: 3, withTokens: 0 });
    for (const line of kept) expect(Object.keys(JSON.parse(line) as object).filter((k) => ["links", "to", "text"].includes(k))).toEqual([]);
    expect(kept[0]).toContain(`${embedded.url}/admin/mailbox`);
  });
});
