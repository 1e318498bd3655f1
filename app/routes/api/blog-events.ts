import { publicPostFilter } from "@server/blog";
import { createEventStream } from "@server/realtime/sse";
import type { Route } from "./+types/blog-events";

/** The public blog's live stream: published posts only (drafts are never described). */
export function loader({ request, context }: Route.LoaderArgs) {
  return createEventStream(request, { filter: publicPostFilter, client: context.clientIp });
}
