import { totp } from "../totp";
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

/** Cookies as a browser keeps them: later Set-Cookie values replace earlier ones, an emptied one is gone. */
function cookieJar(...lists: string[][]): string {
  const jar = new Map<string, string>();
  for (const pair of lists.flat()) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    if (pair.slice(eq + 1) === "") jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

const htmlDecode = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");



/**
 * What this test file's admin keeps after enrolling two-factor: a TOTP code is good once (a second
 * sign-in in the same 30 seconds could not use one), so the next sign-in uses a backup code and
 * asks to trust this "device"; the trusted-device cookie (renewed at each sign-in) spares the rest.
 * One sign-in at a time: a trusted sign-in replaces the cookie.
 */
let secondFactor: { backupCodes: string[]; trustDevice?: string } | undefined;

/**
 * Signs the system tests' admin in at /admin-login; returns the session cookie. In deployed mode
 * (PostgreSQL) an owner must enrol TOTP first: the first sign-in on a database does it over HTTP on
 * /admin/profile, as a member of staff would; later ones answer the second-factor step.
 */
export async function adminCookie(base: string): Promise<string> {
  const credentials = { username: TEST_ADMIN.email, password: TEST_ADMIN.password };
  const res = await submitForm(`${base}/admin-login`, credentials, { cookie: secondFactor?.trustDevice });
  if (res.status !== 303) throw new Error(`admin sign-in answered ${res.status}`);
  let session = res.cookies;
  if (res.location.startsWith("/auth/two-factor")) {
    const code = secondFactor?.backupCodes.shift();
    if (!code) throw new Error("the admin has two-factor on but this test file kept no backup code");
    const verified = await submitForm(`${base}/auth/two-factor`, { kind: "backup", code, trustDevice: "on", redirectTo: "/admin/dashboard" }, { cookie: cookieJar(res.cookies) });
    if (verified.status !== 303) throw new Error(`the admin's backup code answered ${verified.status}`);
    session = verified.cookies;
  }
  const trusted = session.find((c) => /trust_device=./.test(c));
  if (trusted && secondFactor) secondFactor.trustDevice = trusted;
  let cookie = cookieJar(session.filter((c) => !/trust_device=/.test(c)));

  const home = await fetch(`${base}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
  await home.body?.cancel();
  if (home.status === 303 && home.headers.get("location") === "/admin/profile") cookie = await enrolTwoFactor(base, cookie);
  return cookie;
}

/** Enrols the signed-in admin on /admin/profile (password, the app's code); returns the new session's cookie. */
async function enrolTwoFactor(base: string, cookie: string): Promise<string> {
  const started = await submitForm(`${base}/admin/profile`, { intent: "start", password: TEST_ADMIN.password }, { cookie });
  const secret = /data-testid="totp-secret">([A-Z2-7=]+)</.exec(started.body)?.[1];
  const totpUri = /name="totpUri" value="([^"]+)"/.exec(started.body)?.[1];
  const backupCodes = /name="backupCodes" value="([^"]*)"/.exec(started.body)?.[1];
  if (started.status !== 200 || !secret || !totpUri || backupCodes === undefined) throw new Error(`two-factor set-up answered ${started.status}`);
  const verified = await submitForm(`${base}/admin/profile`, { intent: "verify", code: totp(secret), totpUri: htmlDecode(totpUri), backupCodes: htmlDecode(backupCodes) }, { cookie });
  if (verified.location !== "/admin/profile?two-factor=on") throw new Error(`two-factor confirmation answered ${verified.status} ${verified.location}`);
  secondFactor = { backupCodes: htmlDecode(backupCodes).split(",").filter(Boolean) };
  // Two-factor turning on replaces the session.
  return cookieJar(cookie.split("; "), verified.cookies);
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
