import { auditExport } from "@server/audit";
import { requireAdmin } from "@server/auth";
import { csvDownload } from "@server/http/csv";
import { searchParamsOf } from "@server/http/form";
import { inventoryCsvChunks } from "@server/inventory";
import type { Route } from "./+types/inventory-export";

/** GET /admin/inventory/export?q=&low=1: the inventory page's colours as CSV, streamed (server/inventory/export.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "inventory");
  const params = searchParamsOf(request);
  const filter = { q: params.get("q")?.trim().slice(0, 200) || undefined, low: params.get("low") === "1" };
  await auditExport(admin, "inventory", filter);
  return csvDownload("inventory", inventoryCsvChunks(filter));
}
