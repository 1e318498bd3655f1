import { auditExport } from "@server/audit";
import { requireAdmin } from "@server/auth";
import { customerCsvChunks } from "@server/customers";
import { csvDownload } from "@server/http/csv";
import { searchParamsOf } from "@server/http/form";
import { timeZoneFromCookie } from "@core/admin-time";
import type { Route } from "./+types/customers-export";

/** GET /admin/customers/export?q=: the customers list as CSV, streamed (server/customers/export.ts), dates in the admin's zone. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "customers");
  const q = searchParamsOf(request).get("q")?.trim().slice(0, 200) || undefined;
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  await auditExport(admin, "customers", { q: q ?? null, timeZone });
  return csvDownload("customers", customerCsvChunks(q, timeZone));
}
