import { describe, expect, it } from "vitest";
import { learnRoutes, routePatternOf } from "../../server/http/route-pattern";

/** Metric labels are route patterns from the route table, never the URL (issue 32, ADR 020). */
describe("route patterns for metric labels", () => {
  it("names a path by the route that answers it, a data request by its page, and the app's own paths", () => {
    learnRoutes({
      routes: {
        root: { id: "root", path: "", caseSensitive: undefined, index: undefined, parentId: undefined, module: {} as never },
        shop: { id: "shop", parentId: "root", path: undefined, caseSensitive: undefined, index: undefined, module: {} as never },
        home: { id: "home", parentId: "shop", index: true, path: undefined, caseSensitive: undefined, module: {} as never },
        product: { id: "product", parentId: "shop", path: "products/:slug", caseSensitive: undefined, index: undefined, module: {} as never },
        review: { id: "review", parentId: "shop", path: "products/:slug/review", caseSensitive: undefined, index: undefined, module: {} as never },
      },
    });
    expect(routePatternOf("/")).toBe("/");
    expect(routePatternOf("/products/r36s")).toBe("/products/:slug");
    expect(routePatternOf("/products/r36s.data")).toBe("/products/:slug");
    expect(routePatternOf("/products/r36s/review")).toBe("/products/:slug/review");
    expect(routePatternOf("/no/such/page")).toBe("unmatched");
    expect(routePatternOf("/media/abc-640.webp")).toBe("/media/:key");
    expect(routePatternOf("/readyz")).toBe("/readyz");
  });
});
