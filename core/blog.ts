/** Blog post rules shared by the editor (live slug) and the server (on save). */
import { stripHtml, truncate } from "./text";

/** Characters of content used when a post has no excerpt: on cards, on save, in meta descriptions. */
export const CARD_EXCERPT_LENGTH = 120;
export const SAVED_EXCERPT_LENGTH = 150;
export const RELATED_POSTS = 3;
export const ADMIN_CARD_TAGS = 3;

/** A valid post slug: lowercase letters and digits in hyphen-separated runs. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The spec's post slug: lowercase, drop everything but letters, digits, spaces and hyphens, spaces to
 * hyphens, repeated hyphens collapsed, hyphens trimmed. Accents are folded first so "Café" keeps its "e".
 */
export function postSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ +/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100)
    .replace(/-$/, "");
}

/** First `length` characters of the content's text plus an ellipsis (nothing added when it fits). */
export function excerptFrom(html: string, length: number): string {
  return truncate(stripHtml(html), length);
}

/** Comma-separated tags: trimmed, empties dropped, duplicates dropped (case-insensitively). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Content counts as present when it has text or embeds something (an image, a video). */
export function hasContent(html: string): boolean {
  return stripHtml(html) !== "" || /<(img|iframe)\b/i.test(html);
}

/** Same posts by number of tags shared with `tags`, most first; ties keep their order (newest first). */
export function sortBySharedTags<T extends { tags: string[] }>(posts: T[], tags: string[]): T[] {
  const wanted = new Set(tags.map((t) => t.toLowerCase()));
  const shared = (p: T) => p.tags.filter((t) => wanted.has(t.toLowerCase())).length;
  return posts
    .map((post, index) => ({ post, index, score: shared(post) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((x) => x.post);
}

/** A change to a post as the public stream tells it: published data, or just the id of a post that left. */
export type LivePostEvent<P> =
  | { kind: "published"; post: P }
  | { kind: "unpublished"; id: string }
  | { kind: "deleted"; id: string };

/** The public list after an event: new posts appear, edits replace, unpublished or deleted posts go. Newest first. */
export function applyLivePostEvent<P extends { id: string; date: string }>(posts: P[], event: LivePostEvent<P>): P[] {
  if (event.kind !== "published") return posts.filter((p) => p.id !== event.id);
  const others = posts.filter((p) => p.id !== event.post.id);
  return [...others, event.post].sort((a, b) => b.date.localeCompare(a.date));
}
