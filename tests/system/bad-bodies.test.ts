import os from "node:os";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../../server/config";
import { signPayload } from "../../server/payments/signature";
import { TEST_SIGNATURE_HEADER, testWebhookSecret } from "../../server/payments/test-provider";
import { createPostgresDatabase } from "../integration/test-db";
import { get, postBody } from "./http";
import { startInstance, TEST_SECRET, type Instance } from "./instances";
import { adminCookie } from "./shop";

/**
 * Bodies a script sends where a browser sends a form (issue 11, item 5), on a real process: every
 * form action answers 415 for JSON and 400 for a broken multipart body or a NUL byte in a field,
 * with the reason; nothing is logged at error level and nothing is written.
 */
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let shop: Instance;
let direct: pg.Client;
let admin = "";

beforeAll(async () => {
  database = await createPostgresDatabase();
  shop = await startInstance(database.url, { SMTP_URL: "", STRIPE_SECRET_KEY: "" });
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
  admin = await adminCookie(shop.url);
  // The provider's signing key is derived from the shop's secret, as the instance's is.
  setConfig(loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: TEST_SECRET, DATABASE_URL: database.url, DATA_DIR: os.tmpdir() }));
});

afterAll(async () => {
  await direct?.end();
  await shop?.stop();
  await database?.drop();
});

/** Rows of every table these forms write to. */
async function written(): Promise<Record<string, number>> {
  const tables = ["orders", "carts", "cart_lines", "contact_messages", "newsletter_subscribers", "customer_addresses", "payment_events", "outbox_mail", "verification"];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await direct.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0].n;
  return counts;
}

const FORM_ROUTES: { path: string; fields: Record<string, string>; signedIn?: boolean }[] = [
  { path: "/cart", fields: { intent: "add", variantId: "00000000-0000-4000-8000-000000000000", quantity: "1" } },
  { path: "/checkout", fields: { email: "nul@example.com", name: "Nul Byte", line1: "1 Zero Road", city: "London", postalCode: "N1 1AA", country: "GB" } },
  { path: "/contact", fields: { name: "Nul Byte", email: "nul@example.com", subject: "Hello", message: "A message long enough to pass." } },
  { path: "/newsletter", fields: { email: "nul@example.com" } },
  { path: "/auth", fields: { intent: "signin", email: "nul@example.com", password: "a-long-password" } },
  { path: "/auth/forgot", fields: { email: "nul@example.com" } },
  { path: "/auth/reset", fields: { token: "abc", password: "a-long-password" } },
  { path: "/admin-login", fields: { username: "nul@example.com", password: "a-long-password" } },
  { path: "/account/addresses/new", fields: { name: "Nul Byte", line1: "1 Zero Road", city: "London", postalCode: "N1 1AA", country: "GB" }, signedIn: true },
];

const BOUNDARY = "----broken0123";
const BODIES = [
  { kind: "JSON", type: "application/json", body: () => JSON.stringify({ intent: "add", email: "x@example.com" }), status: 415 },
  {
    kind: "broken multipart",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nno closing boundary`,
    status: 400,
  },
  {
    kind: "NUL in every field",
    type: "application/x-www-form-urlencoded",
    body: (fields: Record<string, string>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, ["intent", "variantId"].includes(k) ? v : `${v}\0`])).toString(),
    status: 400,
  },
];

const errorLines = () => shop.output().split("\n").filter((l) => /"level":(50|60)/.test(l));

describe("bad bodies on every form route (real process, PostgreSQL)", () => {
  it.each(FORM_ROUTES.flatMap((route) => BODIES.map((b) => ({ ...b, route, name: `${route.path} ${b.kind}` }))))(
    "$name answers $status with the reason, writes nothing, logs no error",
    async ({ route, type, body, status }) => {
      const before = await written();
      const answer = await postBody(shop.url, route.path, type, body(route.fields), route.signedIn ? { Cookie: admin } : {});
      expect(answer.status).toBe(status);
      expect(answer.body).toMatch(status === 415 ? /accepts application\/x-www-form-urlencoded or multipart\/form-data/ : /could not be read|NUL character/);
      expect(await written()).toEqual(before);
      expect(errorLines()).toEqual([]);
    },
  );

  it("a signed webhook event without an id answers 400 with the reason and records nothing", async () => {
    const before = await written();
    const body = JSON.stringify({ type: "checkout.session.completed", data: { object: { id: "cs_test_none", payment_status: "paid" } } });
    const answer = await postBody(shop.url, "/api/webhooks/test", "application/json", body, { [TEST_SIGNATURE_HEADER]: signPayload(body, testWebhookSecret()) });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Malformed event: The event has no id");
    expect(await written()).toEqual(before);
    expect(errorLines()).toEqual([]);
  });

  it("a NUL byte in the admin orders search answers 400 with the reason", async () => {
    const answer = await get(shop.url, "/admin/orders?q=R36S%00", admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("NUL character");
    expect((await get(shop.url, "/admin/orders?q=R36S", admin)).status).toBe(200);
    expect(errorLines()).toEqual([]);
  });
});
