import { requireAdmin } from "@server/auth";
import { adminPostFilter } from "@server/blog";
import { createEventStream } from "@server/realtime/sse";
import type { Route } from "./+types/admin-post-events";

/** Staff's live stream of post changes (every status): admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, "content");
  return createEventStream(request, { filter: adminPostFilter, client: context.clientIp });
}
