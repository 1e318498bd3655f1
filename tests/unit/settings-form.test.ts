import { describe, expect, it } from "vitest";
import { parseScaledDecimal, readIntent, scaledToText } from "../../core/settings-form";

describe("settings form numbers", () => {
  it("turns typed decimals into integers by string arithmetic, and back", () => {
    expect(parseScaledDecimal("0.79", 6)).toBe(790_000);
    expect(parseScaledDecimal("1", 6)).toBe(1_000_000);
    expect(parseScaledDecimal("25.5", 2)).toBe(2550);
    expect(parseScaledDecimal("20 %", 2)).toBe(2000);
    expect(parseScaledDecimal(".5", 2)).toBe(50);
    for (const bad of ["", "-1", "1e3", "8.875", "abc", "1.2.3"]) expect(parseScaledDecimal(bad, 2), bad).toBeNull();
    expect(scaledToText(790_000, 6)).toBe("0.79");
    expect(scaledToText(1_000_000, 6)).toBe("1");
    expect(scaledToText(2550, 2)).toBe("25.5");
    expect(scaledToText(5, 2)).toBe("0.05");
  });

  it("reads only the form's own buttons as intents", () => {
    const form = (intent?: string) => {
      const f = new FormData();
      if (intent !== undefined) f.set("intent", intent);
      return f;
    };
    expect(readIntent(form("save"))).toEqual({ kind: "save" });
    expect(readIntent(form("remove:3"))).toEqual({ kind: "remove", index: 3 });
    expect(readIntent(form())).toEqual({ kind: "unknown" });
    expect(readIntent(form("remove:x"))).toEqual({ kind: "unknown" });
  });
});
