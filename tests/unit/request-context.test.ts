import { describe, expect, it } from "vitest";
import { oncePerRequest, runInRequest } from "../../server/http/request-context";

describe("oncePerRequest", () => {
  it("computes once per request and key, apart for each request, and every time outside a request", async () => {
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    const request = () => runInRequest({ requestId: "r", databaseUnavailable: false }, async () => [await oncePerRequest("a", compute), await oncePerRequest("a", compute), await oncePerRequest("b", compute)]);
    expect(await request()).toEqual([1, 1, 2]);
    expect(await request()).toEqual([3, 3, 4]);
    expect([await oncePerRequest("a", compute), await oncePerRequest("a", compute)]).toEqual([5, 6]);
  });
});
