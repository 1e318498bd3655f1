import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "../../server/http/cookies";

const SECRET = "a-secret-of-the-shop-0123456789";
const VALUES = ["3f1c2a9e-8d1b-4c6f-9a51-2b7e0c4d5e6f", "4b0e.buy", "eur", "Zoë's café ✓", "a+b/c=d; e,f"];

/** React Router's cookie with the options server/http/cookies.ts used before it signed cookies itself. */
function reactRouterCookie(secure: boolean, maxAge = 3600) {
  return createCookie("cart", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge, secrets: [SECRET] });
}

const headerOf = (setCookie: string) => setCookie.split(";")[0];

describe("signed cookies, byte for byte React Router's (cookies already in browsers stay valid)", () => {
  it("the same Set-Cookie for the same value, forgetting included, on http and https", async () => {
    for (const secure of [false, true]) {
      const ours = createSignedCookie("cart", { maxAgeSeconds: 3600, secret: SECRET, secure });
      const theirs = reactRouterCookie(secure);
      for (const value of VALUES) expect(await ours.serialize(value)).toBe(await theirs.serialize(value));
      expect(await ours.serialize("", { maxAge: 0 })).toBe(await theirs.serialize("", { maxAge: 0 }));
    }
  });

  it("each reads the other's cookie", async () => {
    const ours = createSignedCookie("cart", { maxAgeSeconds: 3600, secret: SECRET, secure: false });
    const theirs = reactRouterCookie(false);
    for (const value of VALUES) {
      expect(await ours.parse(`other=1; ${headerOf(await theirs.serialize(value))}`)).toBe(value);
      expect(await theirs.parse(headerOf(await ours.serialize(value)))).toBe(value);
    }
  });

  it("a tampered value, another secret's signature or no signature reads as null; no cookie as null, an empty one as empty", async () => {
    const ours = createSignedCookie("cart", { maxAgeSeconds: 3600, secret: SECRET, secure: false });
    const signed = decodeURIComponent(headerOf(await ours.serialize("3f1c2a9e")).slice("cart=".length));
    const [data, sig] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf(".") + 1)];
    const otherData = Buffer.from(JSON.stringify("someone-else")).toString("base64");
    expect(await ours.parse(`cart=${encodeURIComponent(`${otherData}.${sig}`)}`)).toBeNull();
    expect(await ours.parse(`cart=${encodeURIComponent(`${data}.${sig.slice(0, -1)}A`)}`)).toBeNull();
    expect(await ours.parse(`cart=${encodeURIComponent(data)}`)).toBeNull();
    const foreign = createSignedCookie("cart", { maxAgeSeconds: 3600, secret: "another-secret-0123456789", secure: false });
    expect(await ours.parse(headerOf(await foreign.serialize("3f1c2a9e")))).toBeNull();
    expect(await ours.parse("market=x")).toBeNull();
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("cart=")).toBe("");
  });
});
