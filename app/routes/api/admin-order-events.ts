import { requireAdmin } from "@server/auth/guards";
import { adminOrderFilter } from "@server/orders/admin";
import { createEventStream } from "@server/realtime/sse";
import type { Route } from "./+types/admin-order-events";

/** Staff's live stream of order changes ({ id, action, name }): admins only, customer names included. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return createEventStream(request, { filter: adminOrderFilter });
}
