import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { printedShopDetails } from "@server/content";
import { getCreditNote } from "@server/orders";
import { CreditNoteDocument } from "~/components/admin/credit-note";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie } from "@core/admin-time";
import type { Route } from "./+types/credit-note";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Credit note ${d.note.number}` : "Credit note not found");

/** /admin/orders/:id/credit-notes/:refundId: a succeeded refund's credit note, for paper. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  const ids = z.object({ id: z.uuid(), refundId: z.uuid() }).safeParse(params);
  const note = ids.success ? await getCreditNote(ids.data.id, ids.data.refundId) : null;
  if (!note) throw data({ ok: false, message: "This refund has no credit note: it does not exist, or the provider has not confirmed it." }, { status: 404 });
  return { note, shop: await printedShopDetails(), timeZone: timeZoneFromCookie(request.headers.get("Cookie")) };
}

export default function CreditNote({ loaderData }: Route.ComponentProps) {
  return <CreditNoteDocument {...loaderData} />;
}
