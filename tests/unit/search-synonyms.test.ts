import { describe, expect, it } from "vitest";
import { searchAlternatives, searchTerms } from "../../core/search";

const groups = (q: string) => searchAlternatives(searchTerms(q));

describe("search synonyms (query expansion)", () => {
  it("gives every name of a system the shopper wrote, whichever name it was", () => {
    expect(groups("gameboy")).toEqual([["game boy", "gameboy"]]);
    expect(groups("Game Boy")).toEqual([["game boy", "gameboy"]]);
    expect(groups("psx")).toEqual(groups("PlayStation"));
  });

  it("takes the longest name that fits and leaves the other words alone", () => {
    expect(groups("game boy advance sp")).toEqual([["game boy advance", "gameboy advance", "gba"], ["sp"]]);
    expect(groups("gba case")).toEqual([["game boy advance", "gameboy advance", "gba"], ["case"]]);
    expect(groups("handheld console")).toEqual([["handheld"], ["console"]]);
    expect(groups("boy game")).toEqual([["boy"], ["game"]]);
    expect(groups("")).toEqual([]);
  });
});
