import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sendImage, storedImage, unsendImage, type Rendition } from "../../core/images";
import { viewName } from "~/components/shop/product/gallery";
import { ResponsiveImage } from "~/components/shop/responsive-image";

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

describe("sendImage", () => {
  const named = (id: string, width: number, height: number, format: Rendition["format"]): Rendition => ({ width, height, format, path: `/media/${id}-${width}.${format}` });

  it("sends each rendition's size without its path, and unsendImage gives the same image back", () => {
    const image = storedImage({
      id: "a",
      alt: "A",
      width: 1600,
      height: 1200,
      renditions: [named("a", 320, 240, "webp"), named("a", 640, 480, "webp"), named("a", 320, 240, "avif"), named("a", 640, 480, "avif"), named("a", 1600, 1200, "webp")],
    });
    const sent = sendImage(image);
    expect(sent).toEqual({ id: "a", alt: "A", width: 1600, height: 1200, webp: [[320, 240], [640, 480]], avif: [[320, 240], [640, 480]], zoom: [1600, 1200] });
    expect(JSON.stringify(sent)).not.toContain("/media/");
    expect(unsendImage(sent)).toEqual(image);
  });

  it("sends an image whole when a file is not named after its width (a source narrower than the first width)", () => {
    const narrow = storedImage({ id: "b", alt: "B", width: 200, height: 100, renditions: [{ width: 200, height: 100, format: "webp", path: "/media/b-320.webp" }] });
    expect(sendImage(narrow)).toBe(narrow);
    expect(unsendImage(sendImage(narrow))).toEqual(narrow);
  });
});

describe("viewName", () => {
  it("names a seed view from its description, and any other picture by its place", () => {
    expect(viewName("R36S Retro Handheld in White, back view", 1, 3)).toBe("Back view");
    expect(viewName("A photo of my console", 1, 3)).toBe("Picture 2 of 3");
  });
});

describe("ResponsiveImage", () => {
  const image = storedImage({ id: "a", alt: "A", width: 1600, height: 1600, renditions: [320, 640, 960].flatMap((w) => [r(w, "webp"), r(w, "avif")]) });
  const markup = (sizes: string) => renderToStaticMarkup(createElement(ResponsiveImage, { image, sizes }));

  it("offers a fluid placement every width in both formats", () => {
    const html = markup("(min-width: 1024px) 560px, 100vw");
    expect(html).toContain('srcSet="/media/a-320.avif 320w, /media/a-640.avif 640w, /media/a-960.avif 960w"');
    expect(html).toContain('srcSet="/media/a-320.webp 320w, /media/a-640.webp 640w, /media/a-960.webp 960w"');
  });

  it("offers a fixed-size placement only the widths it can use at 3 device pixels per CSS pixel", () => {
    const thumb = markup("80px");
    expect(thumb).toContain('srcSet="/media/a-320.avif 320w"');
    expect(thumb).toContain('src="/media/a-320.webp" srcSet="/media/a-320.webp 320w"');
    expect(thumb).not.toContain("640");
    expect(markup("160px")).toContain('srcSet="/media/a-320.webp 320w, /media/a-640.webp 640w"');
    // Wider than any rendition: all of them.
    expect(markup("400px")).toContain('srcSet="/media/a-320.webp 320w, /media/a-640.webp 640w, /media/a-960.webp 960w"');
  });
});
