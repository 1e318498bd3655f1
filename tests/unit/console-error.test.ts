import { describe, expect, it } from "vitest";
import { drainConsoleErrors } from "../setup/console-error";

describe("console.error in a test", () => {
  it("is recorded for the afterEach that fails the test", () => {
    console.error("expected by this test:", new Error("boom"));
    const messages = drainConsoleErrors();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("expected by this test: Error: boom");
    expect(drainConsoleErrors()).toEqual([]);
  });
});
