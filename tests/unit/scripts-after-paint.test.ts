import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { deferredLoader, scriptsAfterPaint } from "../../app/lib/scripts-after-paint";

// What React Router's <Scripts> writes for a shared page (the nonce marker still on), in its order.
const moduleScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/product-B.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-C.js", "imports": ["/assets/framework-D.js"] }
};
  window.__reactRouterRouteModules = {"root":route0,"product":route1};

import("/assets/entry.client-C.js");`;
const page = (head: string, body: string) =>
  Buffer.from(
    `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/a.avif"/>${head}<style>p{}</style></head><body><p>£5 — <code>&lt;link rel="modulepreload"&gt;</code></p>${body}</body></html>`,
  );
const preloads = '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="M"/><link rel="modulepreload" href="/assets/framework-D.js" nonce="M"/>';
const scripts = `<script nonce="M">window.__reactRouterContext = {};</script><script nonce="M" type="module" async="">${moduleScript}</script>`;

describe("a shared page's scripts load after its main picture's paint", () => {
  it("takes the module preloads out of the head and makes the module script a classic one that loads them later", () => {
    const html = scriptsAfterPaint(page(preloads, scripts)).toString();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" href="/a.avif"/><style>');
    expect(html).toContain('<p>£5 — <code>&lt;link rel="modulepreload"&gt;</code></p>');
    expect(html).not.toContain('type="module"');
    expect(html).not.toMatch(/^import /m);
    // Still one script tag with the marker, so the page cache hashes it for the CSP.
    expect(html.match(/<script nonce="M">/g)).toHaveLength(2);
    expect(html).toContain('["/assets/entry.client-C.js","/assets/framework-D.js"]');
  });

  it("leaves a page of any other shape as it was", () => {
    const withIntegrity = page('<link rel="modulepreload" href="/assets/a.js" integrity="sha384-x"/>', scripts);
    expect(scriptsAfterPaint(withIntegrity)).toBe(withIntegrity);
    const noModuleScript = page(preloads, '<script nonce="M">window.x = 1;</script>');
    expect(scriptsAfterPaint(noModuleScript)).toBe(noModuleScript);
    const otherImport = page(preloads, `<script nonce="M" type="module" async="">import "/assets/hmr.js";${moduleScript}</script>`);
    expect(scriptsAfterPaint(otherImport)).toBe(otherImport);
    expect(deferredLoader('import("/assets/entry.client-C.js");', [])).toBeNull();
  });

  it("imports React's chunk, then in a later task the same modules, in order, under the same names, once the main picture's paint is reported", async () => {
    const picture = { name: "hero" };
    const { imported, appended, window, reportPaint } = runLoader([picture]);
    expect(imported).toEqual([]);
    reportPaint({ other: true });
    expect(imported).toEqual([]);
    reportPaint(picture);
    expect(appended).toEqual(["modulepreload /assets/entry.client-C.js", "modulepreload /assets/react-Ab_-9xyz.js", "modulepreload /assets/react-remove-scroll-Ab_-9xyz.js"]);
    expect(imported).toEqual(["/assets/react-Ab_-9xyz.js"]);
    // Nothing else in the same task: the route modules wait for the message.
    await Promise.resolve();
    await Promise.resolve();
    expect(imported).toEqual(["/assets/react-Ab_-9xyz.js"]);
    for (let i = 0; i < 5 && imported.length < 4; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toEqual(["/assets/react-Ab_-9xyz.js", "/assets/root-A.js", "/assets/product-B.js", "/assets/entry.client-C.js"]);
    expect(window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-A.js" }, product: { url: "/assets/product-B.js" } });
  });

  it("stops waiting for a main picture the layout hides once the first frame's boxes are reported, never asking for a layout itself", () => {
    // Each picture throws if its layout is asked for: the page is still being parsed when the loader runs.
    const askLayout = () => {
      throw new Error("forced a layout");
    };
    const phone = { name: "phone", getClientRects: askLayout, getBoundingClientRect: askLayout, complete: true };
    const desktop = { name: "desktop", getClientRects: askLayout, getBoundingClientRect: askLayout, complete: true };
    const { imported, reportBoxes, reportPaint } = runLoader([phone, desktop]);
    reportBoxes([{ target: phone, width: 375, height: 280 }, { target: desktop, width: 0, height: 0 }]);
    expect(imported).toEqual([]);
    reportPaint(phone);
    expect(imported).toEqual(["/assets/react-Ab_-9xyz.js"]);

    const hiddenOnly = runLoader([desktop]);
    hiddenOnly.reportBoxes([{ target: desktop, width: 0, height: 0 }]);
    expect(hiddenOnly.imported).toEqual(["/assets/react-Ab_-9xyz.js"]);
  });
});

type Entry = { element: unknown };

/** Runs the deferred loader in a bare context whose browser APIs the test drives. */
function runLoader(pictures: object[]) {
  const loader = deferredLoader(moduleScript, ["/assets/entry.client-C.js", "/assets/react-Ab_-9xyz.js", "/assets/react-remove-scroll-Ab_-9xyz.js"])!;
  const imported: string[] = [];
  const appended: string[] = [];
  let paints: ((list: { getEntries: () => Entry[] }) => void) | undefined;
  let boxes: ((entries: { target: object; boundingClientRect: { width: number; height: number } }[]) => void) | undefined;
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    importModule: (url: string) => {
      imported.push(url);
      return Promise.resolve({ url });
    },
    document: {
      querySelectorAll: () => pictures,
      createElement: () => ({}),
      head: { appendChild: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
    },
    PerformanceObserver: Object.assign(
      function (callback: typeof paints) {
        paints = callback;
        return { observe: () => {} };
      },
      { supportedEntryTypes: ["element", "largest-contentful-paint"] },
    ),
    IntersectionObserver: function (callback: typeof boxes) {
      boxes = callback;
      return { observe: () => {}, unobserve: () => {} };
    },
    addEventListener: () => {},
    // The next task: a message (the page's timers may be stopped).
    MessageChannel: function () {
      const port1 = { onmessage: () => {}, close: () => {} };
      return { port1, port2: { postMessage: () => setImmediate(() => port1.onmessage()) } };
    },
    setTimeout: () => {},
    requestAnimationFrame: () => {},
  });
  // vm has no import(): the test stands in a function that records what would be imported.
  vm.runInContext(loader.replaceAll("import(", "importModule("), context);
  return {
    imported,
    appended,
    window,
    reportPaint: (element: unknown) => paints!({ getEntries: () => [{ element }] }),
    reportBoxes: (entries: { target: object; width: number; height: number }[]) =>
      boxes!(entries.map(({ target, width, height }) => ({ target, boundingClientRect: { width, height } }))),
  };
}
