import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  cachedPage,
  dropCachedPages,
  hashMarkedScripts,
  isAnonymous,
  isCacheablePath,
  makePage,
  marketCookieOf,
  preferredEncoding,
  renderOnce,
} from "../../server/http/page-cache";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

afterEach(() => dropCachedPages());

describe("which requests may get a cached page", () => {
  it("storefront pages only, never the cart, checkout, account, admin or data requests", () => {
    for (const p of ["/", "/products", "/products/r36s", "/product", "/blog", "/blog/hello-world", "/faq", "/refund-policy"]) {
      expect(isCacheablePath(p), p).toBe(true);
    }
    for (const p of ["/cart", "/checkout", "/account", "/admin/products", "/products/r36s.data", "/blog/rss.xml", "/auth", "/contact", "/products/"]) {
      expect(isCacheablePath(p), p).toBe(false);
    }
  });

  it("a shared page is rendered with the market cookie alone: no session, cart or other cookie reaches it", () => {
    expect(marketCookieOf(undefined)).toBe("");
    expect(marketCookieOf("cart=abc; better-auth.session_token=t.s")).toBe("");
    expect(marketCookieOf("cart=abc; market=InVrIg%3D%3D.sig; better-auth.session_token=t.s; cart-hint=2")).toBe("market=InVrIg%3D%3D.sig");
  });

  it("a visitor is anonymous (a first visit: stylesheet inline) with no cookie, the market cookie or a browser-only flag, and not with any other", () => {
    expect(isAnonymous({})).toBe(true);
    expect(isAnonymous({ cookie: "market=InVrIg%3D%3D.sig; promo-seen=1; cart-hint=0" })).toBe(true);
    expect(isAnonymous({ cookie: "cart=abc" })).toBe(false);
    expect(isAnonymous({ cookie: "market=x; better-auth.session_token=t.s" })).toBe(false);
    expect(isAnonymous({ cookie: "__Secure-better-auth.session_token=t.s" })).toBe(false);
    expect(isAnonymous({ cookie: "checkout=1" })).toBe(false);
    // An unknown cookie fails safe: it might be personal.
    expect(isAnonymous({ cookie: "something-new=1" })).toBe(false);
    expect(isAnonymous({ authorization: "Bearer x" })).toBe(false);
  });

  it("brotli when accepted, then gzip, then the plain bytes; q=0 refuses", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("*")).toBe("gzip");
  });
});

describe("CSP hashes of a cached page", () => {
  it("hash exactly the scripts the render marked, and strip the marker", () => {
    const html =
      '<html><script nonce="m1">window.a=1</script><script nonce="m1" type="module" async="">import "/x.js";</script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script><p><script>alert("stored xss")</script></p>' +
      '<script nonce="other">alert(2)</script><script src="/assets/a.js"></script></html>';
    const { html: clean, hashes } = hashMarkedScripts(html, "m1");
    expect(hashes).toEqual([sha("window.a=1"), sha('import "/x.js";')]);
    expect(clean.toString()).not.toContain('nonce="m1"');
    expect(clean.toString()).toContain('<script type="module" async="">import "/x.js";</script>');
    // A script that did not come from the render (no marker) stays blocked: no hash for it.
    expect(hashes).not.toContain(sha('alert("stored xss")'));
    expect(hashes).not.toContain(sha("alert(2)"));
  });

  it("hash the UTF-8 bytes, as browsers do", () => {
    const { html, hashes } = hashMarkedScripts('<p>£ − €</p><script nonce="k">window.s="£€"</script><link rel="modulepreload" nonce="k">', "k");
    expect(html.toString("utf8")).toBe('<p>£ − €</p><script>window.s="£€"</script><link rel="modulepreload">');
    expect(hashes).toEqual([`'sha256-${crypto.createHash("sha256").update(Buffer.from('window.s="£€"', "utf8")).digest("base64")}'`]);
  });
});

describe("stored pages", () => {
  const answer = (html: string, storable = true) => ({ status: 200, storable, html, headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][] });

  it("hold brotli and gzip bodies that decode to the page", async () => {
    const page = await makePage(answer('<p>R36S</p><script nonce="n">1</script>'), "n");
    expect(zlib.brotliDecompressSync(page.bodies.br!).toString()).toBe("<p>R36S</p><script>1</script>");
    expect(zlib.gunzipSync(page.bodies.gzip!).toString()).toBe("<p>R36S</p><script>1</script>");
  });

  it("are rendered once for visitors asking at the same time, and kept", async () => {
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const render = async () => {
      renders++;
      await gate;
      return makePage(answer("<p>once</p>"), "n");
    };
    const both = Promise.all([renderOnce("us /", render), renderOnce("us /", render)]);
    finish();
    const [a, b] = await both;
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(cachedPage("us /")).toBe(a);
  });

  it("are not kept when a change lands while they render (the render read the old data)", async () => {
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const pending = renderOnce("us /products", async () => {
      await gate;
      return makePage(answer("<p>old price</p>"), "n");
    });
    dropCachedPages();
    // A visitor arriving after the change does not join the old render.
    let fresh = 0;
    const second = renderOnce("us /products", async () => {
      fresh++;
      return makePage(answer("<p>new price</p>"), "n");
    });
    finish();
    await pending;
    expect((await second).bodies.identity.toString()).toBe("<p>new price</p>");
    expect(fresh).toBe(1);
    expect(cachedPage("us /products")!.bodies.identity.toString()).toBe("<p>new price</p>");
  });

  it("never keep what is not storable (an error page, a cookie set)", async () => {
    await renderOnce("us /products/nope", () => makePage({ ...answer("<p>404</p>", false), status: 404 }, "n"));
    expect(cachedPage("us /products/nope")).toBeUndefined();
  });
});
