import http from "node:http";
import { TEST_ADMIN } from "./instances";

/**
 * A shopper's and an admin's HTTP steps for the system tests. Forms are submitted as a browser
 * without JavaScript does, over node:http: undici's fetch always sends
 * `Sec-Fetch-Mode: cors`, which the shop (rightly) treats as a script's request, not a form's.
 */
export type FormAnswer = { status: number; location: string; cookies: string[]; body: string };

export function submitForm(url: string, fields: Record<string, string>, opts: { cookie?: string; headers?: Record<string, string> } = {}): Promise<FormAnswer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: new URL(url).origin,
          ...(opts.cookie ? { Cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? "",
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
            body: text,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs the system tests' admin in at /admin-login; returns the session cookie. */
export async function adminCookie(base: string): Promise<string> {
  const res = await submitForm(`${base}/admin-login`, { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
  if (res.status !== 303) throw new Error(`admin sign-in answered ${res.status}`);
  return res.cookies.join("; ");
}

export const SHIPPING = { name: "System Shopper", line1: "1 Test Road", line2: "", city: "London", postalCode: "N1 1AA", country: "GB" };

/** Adds one unit to a new visitor's cart and submits checkout; returns the hosted payment page's URL. */
export async function startCheckout(base: string, variantId: string, email: string): Promise<{ payUrl: string; cookie: string }> {
  const added = await submitForm(`${base}/cart`, { intent: "add", variantId, quantity: "1" });
  if (added.status !== 303) throw new Error(`add to cart answered ${added.status}`);
  const cookie = added.cookies.join("; ");
  const checkout = await submitForm(`${base}/checkout`, { email, ...SHIPPING }, { cookie });
  if (checkout.status !== 303) throw new Error(`checkout answered ${checkout.status}`);
  return { payUrl: new URL(checkout.location, base).toString(), cookie };
}

/** Pays on the built-in test provider's hosted page with the card that always succeeds. */
export async function payWithTestCard(payUrl: string): Promise<FormAnswer> {
  return submitForm(payUrl, { cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" });
}

/**
 * Reads a Server-Sent Events stream until `done` says so (or the timeout passes); returns the text.
 * `ready` resolves once the server has said the stream is open.
 */
export function readEvents(url: string, cookie: string | undefined, done: (text: string) => boolean, timeoutMs = 20_000) {
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const finished = new Promise<string>((resolve, reject) => {
    let text = "";
    const req = http.get(url, { headers: { Accept: "text/event-stream", ...(cookie ? { Cookie: cookie } : {}) } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${url} answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("event: ready")) resolveReady();
        if (done(text)) {
          clearTimeout(timer);
          req.destroy();
          resolve(text);
        }
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no matching event from ${url} within ${timeoutMs} ms; got:\n${text}`));
    }, timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  return { ready, finished };
}
