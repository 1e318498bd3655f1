import { describe, expect, it } from "vitest";
import { storedImage, type Rendition } from "~/lib/images";
import { viewName } from "~/components/shop/product/gallery";

const r = (width: number, format: Rendition["format"]): Rendition => ({ width, height: width, format, path: `/media/a-${width}.${format}` });

describe("storedImage", () => {
  it("sorts a media row's renditions into the WebP srcset, the AVIF srcset and the zoom", () => {
    const image = storedImage({ id: "a", alt: "A", width: 1600, height: 1600, renditions: [r(640, "avif"), r(1600, "webp"), r(320, "webp"), r(960, "webp"), r(320, "avif"), r(640, "webp"), r(960, "avif")] });
    expect(image.renditions.map((x) => x.path)).toEqual(["/media/a-320.webp", "/media/a-640.webp", "/media/a-960.webp"]);
    expect(image.avif?.map((x) => x.path)).toEqual(["/media/a-320.avif", "/media/a-640.avif", "/media/a-960.avif"]);
    expect(image.zoom?.path).toBe("/media/a-1600.webp");
  });

  it("leaves an upload made before AVIF and zoom renditions as it was", () => {
    const image = storedImage({ id: "a", alt: "A", width: 800, height: 800, renditions: [r(320, "webp"), r(640, "webp"), r(800, "webp")] });
    expect(image).toEqual({ id: "a", alt: "A", width: 800, height: 800, renditions: [r(320, "webp"), r(640, "webp"), r(800, "webp")] });
  });
});

describe("viewName", () => {
  it("names a seed view from its description, and any other picture by its place", () => {
    expect(viewName("R36S Retro Handheld in White, back view", 1, 3)).toBe("Back view");
    expect(viewName("A photo of my console", 1, 3)).toBe("Picture 2 of 3");
  });
});
