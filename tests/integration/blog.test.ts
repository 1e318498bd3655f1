import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { blogPosts } from "../../server/blog/schema";
import { getPublishedPost, listAdminPosts, listPostTags, listPublishedPosts, listRelatedPosts } from "../../server/blog/posts";
import { DUPLICATE_SLUG_MESSAGE, PostSaveError, deletePost, insertSamplePost, savePost } from "../../server/blog/write";
import { seedPost } from "../../server/seed/blog";
import { publicPostFilter } from "../../server/blog/events";
import { blogFeed } from "../../server/blog/rss";
import { subscribe, startBus } from "../../server/realtime/bus";
import { postFormSchema } from "../../core/post-form";
import { useTestDatabase } from "./test-db";
import { assertInert, XSS_CORPUS } from "./xss-corpus";

const admin = { id: "admin-1", email: "admin@pocketretro.example" };

function form(overrides: Record<string, string> = {}) {
  return postFormSchema.parse({
    intent: "publish",
    visibility: "draft",
    title: "A post",
    contentHtml: "<p>Some <strong>content</strong> here.</p>",
    image: "",
    excerpt: "",
    slug: "",
    author: "",
    tags: "",
    ...overrides,
  });
}

describe("blog posts", () => {
  useTestDatabase();

  it("lists the sample post and hides drafts from every public read", async () => {
    expect(await insertSamplePost(seedPost, admin)).toBe("inserted");
    const draft = await savePost(null, form({ intent: "draft", title: "Secret draft", tags: "news" }), admin);
    const list = await listPublishedPosts();
    expect(list.map((p) => p.slug)).toContain("marvel-rivals-may-15-update");
    expect(list.map((p) => p.id)).not.toContain(draft.id);
    expect(await getPublishedPost(draft.slug)).toBeNull();
    expect(await blogFeed()).not.toContain("Secret draft");
    expect((await listAdminPosts({ status: "draft" })).map((p) => p.id)).toContain(draft.id);
  });

  it("generates the slug from the title, normalises a typed one and explains a duplicate", async () => {
    const a = await savePost(null, form({ title: "Hello, Retro World!" }), admin);
    expect(a.slug).toBe("hello-retro-world");
    const b = await savePost(null, form({ title: "Other", slug: "My Custom Slug!" }), admin);
    expect(b.slug).toBe("my-custom-slug");
    const dup = await savePost(null, form({ title: "Hello retro world" }), admin).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(PostSaveError);
    expect((dup as PostSaveError).fieldErrors.slug).toBe(DUPLICATE_SLUG_MESSAGE);
    // The failed insert left nothing behind.
    expect((await listAdminPosts({ q: "retro world" })).length).toBe(1);
  });

  it("fills an empty excerpt from the first 150 characters of text, keeps a typed one, trims tags and defaults the author", async () => {
    const long = `<p>${"Retro handhelds are back. ".repeat(20)}</p>`;
    const p = await savePost(null, form({ title: "Excerpt test", contentHtml: long, tags: " news, ,guides ,", author: " " }), admin);
    expect(p.excerpt.endsWith("...")).toBe(true);
    expect(p.excerpt.length).toBeLessThanOrEqual(153);
    expect(p.excerpt).not.toMatch(/[<>]/);
    expect(p.tags).toEqual(["news", "guides"]);
    expect(p.author).toBe("Admin");
    const typed = await savePost(p.id, form({ title: "Excerpt test", contentHtml: long, excerpt: "Mine." }), admin);
    expect(typed.excerpt).toBe("Mine.");
    expect(new Date(typed.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt).getTime());
    expect(typed.createdAt).toBe(p.createdAt);
  });

  it("shows a 120-character card excerpt when a stored post has none", async () => {
    await db().insert(blogPosts).values({ slug: "no-excerpt", title: "No excerpt", contentHtml: `<p>${"x".repeat(300)}</p>`, status: "published" });
    const card = (await listPublishedPosts()).find((p) => p.slug === "no-excerpt")!;
    expect(card.excerpt).toBe(`${"x".repeat(120)}...`);
  });

  it.each(XSS_CORPUS)("stores and renders '$name' without anything that runs", async ({ name, html, keep }) => {
    const saved = await savePost(null, form({ title: `XSS ${name}`, contentHtml: `<p>text</p>${html}` }), admin);
    assertInert(saved.contentHtml);
    const page = await getPublishedPost(saved.slug);
    assertInert(page!.contentHtml);
    if (keep) expect(page!.contentHtml).toContain(keep);
  });

  it("sanitises on render too: markup written to the table behind the app's back is cleaned when shown", async () => {
    await db().insert(blogPosts).values({
      slug: "raw-row",
      title: "Raw",
      contentHtml: '<p onclick="x()">hi</p><script>alert(1)</script><a href="javascript:alert(1)">a</a>',
      status: "published",
    });
    const page = await getPublishedPost("raw-row");
    expect(page!.contentHtml).toBe("<p>hi</p><a>a</a>");
  });

  it("keeps YouTube and Vimeo embeds, links opening in a new tab without an opener, sizes and alignment", async () => {
    const html =
      '<p style="text-align: center"><span style="font-size: 1.25rem">Big</span> <a href="https://example.com" target="_blank">link</a></p>' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video" allowfullscreen></iframe>' +
      '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo video"></iframe>';
    const saved = await savePost(null, form({ title: "Embeds", contentHtml: html }), admin);
    expect(saved.contentHtml).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(saved.contentHtml).toContain('<iframe src="https://player.vimeo.com/video/76979871"');
    expect(saved.contentHtml).toContain('rel="noopener noreferrer"');
    expect(saved.contentHtml).toContain("font-size:1.25rem");
    expect(saved.contentHtml).toContain("text-align:center");
  });

  it("keeps only the allow-listed classes: a full-page overlay keeps none, alignment and size survive", async () => {
    const html =
      '<div class="fixed inset-0 z-50 bg-white"><h1 class="text-2xl absolute top-0">Session expired</h1><p class="text-center hidden">Sign in again</p></div>' +
      '<p style="font-size: 99rem; position: fixed">huge</p>';
    const saved = await savePost(null, form({ title: "Overlay", contentHtml: html }), admin);
    const kept = [...saved.contentHtml.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/));
    expect(kept.sort()).toEqual(["text-2xl", "text-center"]);
    expect(saved.contentHtml).not.toMatch(/font-size|position/);
    const page = await getPublishedPost(saved.slug);
    expect(page!.contentHtml).not.toMatch(/fixed|inset-0|z-50|absolute|hidden/);
  });

  it("orders 'Reading Next' as the three newest others, re-sorted by shared tags", async () => {
    await db().delete(blogPosts);
    const make = async (title: string, tags: string, day: number) => {
      const p = await savePost(null, form({ title, tags }), admin);
      await db().update(blogPosts).set({ date: new Date(Date.UTC(2026, 4, day)) }).where(eq(blogPosts.id, p.id));
      return p;
    };
    const current = await make("Current", "r36s, guides", 10);
    await make("Oldest shares both", "r36s, guides", 1); // beyond the three newest: never shown
    await make("Newest no tags", "", 9);
    await make("Middle shares one", "guides", 8);
    await make("Older shares both", "R36S, guides", 7);
    await savePost(null, form({ intent: "draft", title: "Draft shares both", tags: "r36s, guides" }), admin);
    const related = await listRelatedPosts(current);
    expect(related.map((p) => p.title)).toEqual(["Older shares both", "Middle shares one", "Newest no tags"]);
    expect(await listPostTags()).toEqual(["guides", "r36s", "R36S"].sort((a, b) => a.localeCompare(b)));
  });

  it("inserts the sample post once, then reports it exists", async () => {
    await db().delete(blogPosts).where(eq(blogPosts.slug, "marvel-rivals-may-15-update"));
    expect(await insertSamplePost(seedPost, admin)).toBe("inserted");
    expect(await insertSamplePost(seedPost, admin)).toBe("exists");
    const post = await getPublishedPost("marvel-rivals-may-15-update");
    expect(Date.now() - new Date(post!.date).getTime()).toBeLessThan(60_000);
  });
});

describe("the public event filter", () => {
  useTestDatabase();

  /** Runs each step and waits for the filter's answer to its event, as a connected reader would get it. */
  async function filteredSteps(steps: (() => Promise<void>)[]) {
    await startBus();
    const answers: unknown[] = [];
    for (const step of steps) {
      const answered = new Promise<unknown>((resolve) => {
        const unsubscribe = subscribe((e) => {
          unsubscribe();
          resolve(publicPostFilter(e));
        });
      });
      await step();
      answers.push(await answered);
    }
    return answers;
  }

  it("never describes a draft: new drafts are silent, unpublished posts are named by id only", async () => {
    let id = "";
    const messages = await filteredSteps([
      async () => {
        id = (await savePost(null, form({ intent: "draft", title: "Top secret launch", excerpt: "Hush" }), admin)).id;
      },
      async () => {
        await savePost(id, form({ intent: "publish", title: "Top secret launch", excerpt: "Now public" }), admin);
      },
      async () => {
        await savePost(id, form({ intent: "draft", title: "Top secret launch v2", excerpt: "Hush again" }), admin);
      },
      () => deletePost(id, admin),
    ]);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toBeNull();
    expect(messages[1]).toMatchObject({ event: "post", data: { kind: "published", post: { id, excerpt: "Now public" } } });
    expect(messages[2]).toEqual({ event: "post", data: { kind: "unpublished", id } });
    expect(messages[3]).toEqual({ event: "post", data: { kind: "deleted", id } });
    const drafts = JSON.stringify([messages[0], messages[2], messages[3]]);
    expect(drafts).not.toContain("Hush");
    expect(drafts).not.toContain("v2");
  });

  it("describes a post as it is when the reader is told, not as it was when it changed", async () => {
    // The filter looks the post up: a publish quickly followed by an unpublish never leaks the draft.
    const post = await savePost(null, form({ title: "Flicker" }), admin);
    await savePost(post.id, form({ intent: "draft", title: "Flicker draft" }), admin);
    const message = await publicPostFilter({ type: "post", id: post.id, action: "updated" });
    expect(message).toEqual({ event: "post", data: { kind: "unpublished", id: post.id } });
    expect(publicPostFilter({ type: "catalog" })).toBeNull();
  });
});
