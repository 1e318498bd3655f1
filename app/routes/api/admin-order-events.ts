import { requireAdmin } from "@server/auth";
import { adminOrderFilter } from "@server/orders";
import { createEventStream } from "@server/realtime/sse";
import type { Route } from "./+types/admin-order-events";

/** Staff's live stream of order changes ({ id, action, name }): admins only, customer names included. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  return createEventStream(request, { filter: adminOrderFilter, client: context.clientIp });
}
