import { describe, expect, it } from "vitest";
import { applyLivePostEvent, excerptFrom, hasContent, parseTags, postSlug, sortBySharedTags } from "../../core/blog";
import { postFormSchema, statusForIntent } from "../../core/post-form";
import { isEmbedSrc, videoEmbed } from "~/lib/video";

describe("post slug rules", () => {
  it("lowercases, drops punctuation, turns spaces into hyphens and trims them", () => {
    expect(postSlug("Hello, World!")).toBe("hello-world");
    expect(postSlug("  R36S vs. 35XXPro: which one?  ")).toBe("r36s-vs-35xxpro-which-one");
    expect(postSlug("a -- b   c")).toBe("a-b-c");
    expect(postSlug("--Edge--")).toBe("edge");
    expect(postSlug("snake_case & more")).toBe("snakecase-more");
    expect(postSlug("Café Crème")).toBe("cafe-creme");
    expect(postSlug("!!!")).toBe("");
  });
  it("caps the length without leaving a trailing hyphen", () => {
    const slug = postSlug(`${"a".repeat(99)} b`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("excerpts, tags and content", () => {
  it("takes the first characters of the text and adds an ellipsis only when cut", () => {
    expect(excerptFrom(`<p>${"word ".repeat(60)}</p>`, 150)).toMatch(/^word( word)*\.\.\.$/);
    expect(excerptFrom(`<p>${"word ".repeat(60)}</p>`, 150).length).toBeLessThanOrEqual(153);
    expect(excerptFrom("<p>Short <b>one</b></p>", 150)).toBe("Short one");
  });
  it("splits tags on commas, trims them and drops empties and repeats", () => {
    expect(parseTags(" news , ,reviews,, News,  retro   gaming ")).toEqual(["news", "reviews", "retro gaming"]);
    expect(parseTags("")).toEqual([]);
  });
  it("counts a lone video or image as content, empty markup not", () => {
    expect(hasContent("<p></p><p> </p>")).toBe(false);
    expect(hasContent('<iframe src="https://www.youtube.com/embed/x"></iframe>')).toBe(true);
    expect(hasContent("<p>Hi</p>")).toBe(true);
  });
});

describe("post form", () => {
  const base = { intent: "save", visibility: "published", title: "T", contentHtml: "<p>x</p>", image: "", excerpt: "", slug: "", author: "", tags: "" };
  it("uses the spec's messages and defaults", () => {
    const bad = postFormSchema.safeParse({ ...base, title: " ", contentHtml: "<p></p>" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Title is required");
    expect(messages).toContain("Content is required");
    const ok = postFormSchema.parse(base);
    expect(ok.author).toBe("Admin");
    expect(ok.image).toBeNull();
  });
  it("refuses script URLs and protocol-relative images", () => {
    for (const image of ["javascript:alert(1)", "//evil.example/x.png", "data:image/png;base64,AAAA"]) {
      expect(postFormSchema.safeParse({ ...base, image }).success).toBe(false);
    }
    expect(postFormSchema.parse({ ...base, image: "/media/a.webp" }).image).toBe("/media/a.webp");
  });
  it("maps buttons to statuses: Save Draft, Publish, and Save Changes keeping Visibility", () => {
    expect(statusForIntent({ intent: "draft", visibility: "published" })).toBe("draft");
    expect(statusForIntent({ intent: "publish", visibility: "draft" })).toBe("published");
    expect(statusForIntent({ intent: "save", visibility: "published" })).toBe("published");
  });
});

describe("related posts and live lists", () => {
  it("puts posts sharing more tags first and keeps date order among equals", () => {
    const posts = [
      { id: "a", tags: ["news"] },
      { id: "b", tags: ["guides", "r36s"] },
      { id: "c", tags: [] },
      { id: "d", tags: ["R36S"] },
    ];
    expect(sortBySharedTags(posts, ["r36s", "guides"]).map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
  });
  it("adds, replaces and drops posts, newest first", () => {
    const list = [
      { id: "1", date: "2026-05-02T00:00:00.000Z", title: "one" },
      { id: "2", date: "2026-05-01T00:00:00.000Z", title: "two" },
    ];
    const added = applyLivePostEvent(list, { kind: "published", post: { id: "3", date: "2026-05-03T00:00:00.000Z", title: "three" } });
    expect(added.map((p) => p.id)).toEqual(["3", "1", "2"]);
    const edited = applyLivePostEvent(added, { kind: "published", post: { ...list[1], title: "two!" } });
    expect(edited.find((p) => p.id === "2")?.title).toBe("two!");
    expect(applyLivePostEvent(edited, { kind: "unpublished", id: "1" }).map((p) => p.id)).toEqual(["3", "2"]);
    expect(applyLivePostEvent(edited, { kind: "deleted", id: "3" }).map((p) => p.id)).toEqual(["1", "2"]);
  });
});

describe("video links", () => {
  it("embeds YouTube and Vimeo links and nothing else", () => {
    const yt = "https://www.youtube.com/embed/dQw4w9WgXcQ";
    expect(videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")?.src).toBe(yt);
    expect(videoEmbed("https://youtu.be/dQw4w9WgXcQ")?.src).toBe(yt);
    expect(videoEmbed("https://m.youtube.com/shorts/dQw4w9WgXcQ")?.src).toBe(yt);
    expect(videoEmbed("https://vimeo.com/76979871")).toEqual({ provider: "Vimeo", src: "https://player.vimeo.com/video/76979871" });
    expect(videoEmbed("https://example.com/video.mp4")).toBeNull();
    expect(videoEmbed("javascript:alert(1)")).toBeNull();
    expect(videoEmbed("https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(isEmbedSrc(yt)).toBe(true);
    expect(isEmbedSrc("https://evil.example/embed/dQw4w9WgXcQ")).toBe(false);
  });
});
