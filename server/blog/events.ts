import type { ShopEvent } from "../realtime/bus";
import type { SseMessage } from "../realtime/sse";
import type { LivePostEvent } from "@core/blog";
import { getPublicPostById, type PublicPost } from "./posts";

/**
 * What the public stream (/api/blog/events) may say about a post change. A draft is never described:
 * a post that is not published is only named by its id, as gone from public view.
 */
export type PublicPostEvent = LivePostEvent<PublicPost>;

export const PUBLIC_POST_EVENT = "post";

/** One lookup per bus event, however many readers are connected (the bus hands each the same object). */
const lookups = new WeakMap<ShopEvent, Promise<SseMessage | null>>();

export function publicPostFilter(event: ShopEvent): Promise<SseMessage | null> | null {
  if (event.type !== "post") return null;
  let pending = lookups.get(event);
  if (!pending) {
    pending = describeForPublic(event).then((data) => (data ? { event: PUBLIC_POST_EVENT, data } : null));
    lookups.set(event, pending);
  }
  return pending;
}

async function describeForPublic(event: Extract<ShopEvent, { type: "post" }>): Promise<PublicPostEvent | null> {
  if (event.action === "deleted") return { kind: "deleted", id: event.id };
  const post = await getPublicPostById(event.id);
  if (post) return { kind: "published", post };
  // A new draft was never public: nothing to say. An edited one may have been: readers drop it.
  return event.action === "updated" ? { kind: "unpublished", id: event.id } : null;
}

/** Staff hear of every change; the list reloads itself and says what happened. */
export type AdminPostEvent = { id: string; action: "created" | "updated" | "deleted" };

export function adminPostFilter(event: ShopEvent): SseMessage | null {
  if (event.type !== "post") return null;
  const data: AdminPostEvent = { id: event.id, action: event.action };
  return { event: PUBLIC_POST_EVENT, data };
}
